// Package stock is the get_stock tool of the fictional inventory: its
// business logic and its MCP handler.
package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Query asks for one SKU in one warehouse.
type Query struct {
	SKU       string `json:"sku"`
	Warehouse string `json:"warehouse,omitempty"`
}

// Stock is get_stock's result.
type Stock struct {
	SKU       string `json:"sku"`
	Warehouse string `json:"warehouse"`
	Quantity  int    `json:"quantity"`
	Unit      string `json:"unit"`
	Source    string `json:"source"`
}

var skuPattern = regexp.MustCompile(`^[A-Z][A-Z0-9-]{0,15}$`)

// Lookup is get_stock's business logic.
func Lookup(q Query) (Stock, error) {
	if !skuPattern.MatchString(q.SKU) {
		return Stock{}, fmt.Errorf("invalid sku %q", q.SKU)
	}
	if q.Warehouse == "" {
		q.Warehouse = "east"
	}
	if q.Warehouse != "east" && q.Warehouse != "west" {
		return Stock{}, fmt.Errorf("unknown warehouse %q", q.Warehouse)
	}
	inventory := map[string]int{"PEN-01/east": 12, "PEN-01/west": 4, "BOOK-01/east": 0}
	n := inventory[q.SKU+"/"+q.Warehouse] // Bug: a missing record reads as zero.
	return Stock{SKU: q.SKU, Warehouse: q.Warehouse, Quantity: n, Unit: "piece", Source: "fictional-fixture-v1"}, nil
}

// GetStock is the get_stock tool handler.
func GetStock(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := parseArguments(req.Params.Arguments)
	if err == nil {
		var st Stock
		if st, err = Lookup(q); err == nil {
			text, _ := json.Marshal(st)
			return &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: string(text)}},
				StructuredContent: st,
			}, nil
		}
	}
	return &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}},
	}, nil
}

// parseArguments checks the arguments as strictly as the fixture's schema:
// exact, case-sensitive keys, no extra fields, no nulls.
func parseArguments(raw json.RawMessage) (Query, error) {
	var args map[string]json.RawMessage
	if err := json.Unmarshal(raw, &args); err != nil || args == nil {
		return Query{}, fmt.Errorf("arguments must be an object with a query")
	}
	for k := range args {
		if k != "query" {
			return Query{}, fmt.Errorf("unexpected argument %q", k)
		}
	}
	var q map[string]json.RawMessage
	if err := json.Unmarshal(args["query"], &q); err != nil || q == nil {
		return Query{}, fmt.Errorf("query must be an object")
	}
	var out Query
	for k, v := range q {
		var s string
		if err := json.Unmarshal(v, &s); err != nil || string(v) == "null" {
			return Query{}, fmt.Errorf("query.%s must be a string", k)
		}
		switch k {
		case "sku":
			out.SKU = s
		case "warehouse":
			if s != "east" && s != "west" {
				return Query{}, fmt.Errorf("warehouse %q: must be east or west", s)
			}
			out.Warehouse = s
		default:
			return Query{}, fmt.Errorf("unexpected field query.%s", k)
		}
	}
	if _, ok := q["sku"]; !ok {
		return Query{}, fmt.Errorf("query.sku is required")
	}
	return out, nil
}
