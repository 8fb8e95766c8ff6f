package sim_test

import "os"

var dirFS = os.DirFS(".")
