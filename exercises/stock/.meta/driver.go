package stock

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func Lookup(q Query) (Stock, error) and func GetStock(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)"

// mcpPlaygroundDriver returns the learner's functions as the checks take them.
func mcpPlaygroundDriver() GradeFuncs {
	return GradeFuncs{Lookup: mcpPlaygroundLookup, GetStock: GetStock}
}

// mcpPlaygroundLookup is Lookup with the learner's Query and Stock types
// out of its signature: compiled code cannot name them.
func mcpPlaygroundLookup(sku, warehouse string) (any, error) {
	st, err := Lookup(Query{SKU: sku, Warehouse: warehouse})
	return st, err
}
