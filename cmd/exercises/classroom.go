package main

import "errors"

// WriteClassroom writes a GitHub Classroom template repository into dir.
func WriteClassroom(root, dir string) error { return errors.New("TODO") }
