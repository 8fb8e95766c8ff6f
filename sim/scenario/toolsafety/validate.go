package toolsafety

import (
	"errors"
	"fmt"
	"strings"
)

// The tool-safety family's parameters are checked wherever it runs:
// natively and in sim-http.wasm, whose main imports the family.

func (p *Params) Validate() error {
	c := toolSafetyChoices()
	for _, f := range []struct{ name, v string }{{"case", p.Case}, {"errors", p.Errors}, {"confirm", p.Confirm}} {
		if err := c.Check(f.name, f.v); err != nil {
			return err
		}
	}
	switch p.Case {
	case safetyErrorLeak:
		if p.Errors == "" {
			return errors.New("case error-leak needs errors: leaky, actionable or both")
		}
		if p.Injection != "" || p.PoisonDescription || p.Confirm != "" {
			return errors.New("injection, poison_description and confirm are for case untrusted-output")
		}
	case safetyUntrusted:
		if p.Errors != "" {
			return errors.New("errors is for case error-leak")
		}
		if p.Confirm == "" {
			return errors.New("case untrusted-output needs confirm: ask or auto")
		}
		if len(p.Injection) > 500 || strings.ContainsAny(p.Injection, "\r\n") {
			return fmt.Errorf("injection: want one line of at most 500 characters")
		}
	}
	return nil
}
