package discover

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"shape":          "what server/discover meets: version-retry, fallback (to initialize), legacy-list, bad-meta or inline-retry",
		"client_version": "the version the client asks for first, a date; version-retry and inline-retry need one after 2026-07-28 that go-sdk does not implement (2027-01-01), the others 2026-07-28",
	}
}
