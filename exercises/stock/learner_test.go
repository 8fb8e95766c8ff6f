//go:build !learner_out_of_process

package stock

// inProcess is the learner's code compiled into the test. The classroom
// grader builds the test with the tag learner_out_of_process and without
// stock.go, and calls the learner's code in a process of its own.
func inProcess() GradeFuncs {
	return GradeFuncs{
		Lookup: func(sku, warehouse string) (any, error) {
			return Lookup(Query{SKU: sku, Warehouse: warehouse})
		},
		GetStock: GetStock,
	}
}
