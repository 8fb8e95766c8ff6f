package expiry

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"ops":         `the scheduler's steps, in order, each {"op": touch or expire, "id", "at", "ttl", "why"}; up to 200`,
		"renewals":    "first renews session A this many times, to pile up stale tickets; 0 to 100000 (needs renew_ttl and renew_every)",
		"renew_ttl":   "with renewals: the ttl of each renewal, in virtual ms; above 0",
		"renew_every": "with renewals: a step is recorded every this many renewals; above 0, at most 200 steps",
	}
}
