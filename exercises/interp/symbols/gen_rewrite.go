//go:build ignore

// The half of the generator (run with gen.go) that rewrites what yaegi's
// extractor writes: each table's init becomes a function filling the map it
// is given, and the names a table offers are chosen here.

package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

// exported returns the exported names f declares at package level, but
// GradeChecks.
func exported(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name != "GradeChecks" {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					names = append(names, spec.Name.Name)
				case *ast.ValueSpec:
					for _, n := range spec.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return slices.DeleteFunc(names, func(n string) bool { return !ast.IsExported(n) })
}

// identOf turns an import path into a Go identifier suffix.
func identOf(path string) string {
	path = strings.TrimPrefix(path, "github.com/")
	var b strings.Builder
	up := true
	for _, r := range path {
		if r == '/' || r == '-' || r == '.' {
			up = true
			continue
		}
		if up {
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// rewrite applies the fixes described in the file comment.
func rewrite(src []byte, ident, pkg string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if fd.Recv == nil && fd.Name.Name == "init" {
			fd.Name.Name = "add" + ident
			fd.Type.Params.List = []*ast.Field{{
				Names: []*ast.Ident{ast.NewIdent("Symbols")},
				Type:  &ast.MapType{Key: ast.NewIdent("string"), Value: &ast.MapType{Key: ast.NewIdent("string"), Value: &ast.SelectorExpr{X: ast.NewIdent("reflect"), Sel: ast.NewIdent("Value")}}},
			}}
			continue
		}
		if fd.Recv != nil {
			renameBlankParams(fd)
		}
	}
	typeStringConstants(f, pkg)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// renameBlankParams gives a wrapper method's "_" parameters names and
// passes them on in the wrapped call, where yaegi wrote "_".
func renameBlankParams(fd *ast.FuncDecl) {
	var names []string
	j := 0
	for _, fld := range fd.Type.Params.List {
		for _, n := range fld.Names {
			if n.Name == "_" {
				n.Name = fmt.Sprintf("a%d", j)
			}
			names = append(names, n.Name)
			j++
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for i, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok && id.Name == "_" && i < len(names) {
				id.Name = names[i]
			}
		}
		return true
	})
}

// typeStringConstants replaces "Name": reflect.ValueOf(constant.MakeFromLiteral(…, token.STRING, 0))
// with "Name": reflect.ValueOf(pkg.Name), and drops the go/constant and
// go/token imports when nothing else uses them.
func typeStringConstants(f *ast.File, pkg string) {
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		key, ok := kv.Key.(*ast.BasicLit)
		outer, ok2 := kv.Value.(*ast.CallExpr)
		if !ok || !ok2 || len(outer.Args) != 1 {
			return true
		}
		inner, ok := outer.Args[0].(*ast.CallExpr)
		if !ok || !isSel(inner.Fun, "constant", "MakeFromLiteral") || len(inner.Args) != 3 || !isSel(inner.Args[1], "token", "STRING") {
			return true
		}
		outer.Args[0] = &ast.SelectorExpr{X: ast.NewIdent(pkg), Sel: ast.NewIdent(strings.Trim(key.Value, `"`))}
		return true
	})
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		gd.Specs = slices.DeleteFunc(gd.Specs, func(s ast.Spec) bool {
			p := s.(*ast.ImportSpec).Path.Value
			return (p == `"go/constant"` && !used["constant"]) || (p == `"go/token"` && !used["token"])
		})
	}
	f.Imports = slices.DeleteFunc(f.Imports, func(s *ast.ImportSpec) bool {
		return (s.Path.Value == `"go/constant"` && !used["constant"]) || (s.Path.Value == `"go/token"` && !used["token"])
	})
}

func isSel(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == x && s.Sel.Name == sel
}
