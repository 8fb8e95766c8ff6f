package handshake

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"shape":          "what happens: ok, request-before-init, counteroffer (the server offers its own version), unsupported, no-initialized or discover (2026-07-28)",
		"client_version": "the protocolVersion the client asks for, a date; ok and unsupported need one go-sdk supports before 2026-07-28, counteroffer one it does not know, discover 2026-07-28 or later",
		"server_version": "with shape unsupported: the only version the scripted server speaks, a date go-sdk does not know (such as 1999-01-01)",
	}
}
