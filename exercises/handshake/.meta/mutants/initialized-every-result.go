// Package handshake is a client connection state machine for the MCP
// handshake of protocol version 2025-11-25, and for the server/discover
// probe of 2026-07-28 that falls back to it.
package handshake

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Client connection states.
const (
	New          = "NEW"
	Discovering  = "DISCOVERING"
	Initializing = "INITIALIZING"
	Ready        = "READY"
	Closed       = "CLOSED"
)

// Modern is the first protocol version without the initialize handshake.
const Modern = "2026-07-28"

// A Client tracks one connection's handshake.
type Client struct {
	state     string
	version   string
	supported []string
	agreed    string
	initID    int64 // the id of the initialize request, once sent

	offer      string // the version the next server/discover or initialize asks for
	discoverID int64  // the id of the server/discover request in flight; 0 while a retry is due
	retried    bool   // the probe has been sent again after -32022
	fellBack   bool   // the probe failed and the client uses initialize
}

// NewClient returns a client in state NEW that will ask for version and can
// speak every version in supported.
func NewClient(version string, supported []string) *Client {
	return &Client{state: New, version: version, supported: supported, offer: version}
}

// State returns the connection state: NEW, DISCOVERING, INITIALIZING, READY
// or CLOSED.
func (c *Client) State() string { return c.state }

// Version returns the negotiated protocol version, or "" before READY.
func (c *Client) Version() string { return c.agreed }

// Offer returns the protocol version the next server/discover or initialize
// request carries.
func (c *Client) Offer() string { return c.offer }

// Send reports whether the client may send a message with this method and
// id now.
func (c *Client) Send(method string, id int64) error {
	switch c.state {
	case Closed:
		return errors.New("connection closed")
	case New:
		if method == "initialize" {
			c.state, c.initID = Initializing, id
			return nil
		}
		if method == "server/discover" {
			if c.fellBack {
				return errors.New("server/discover: the server does not implement it; send initialize")
			}
			if c.offer < Modern {
				return fmt.Errorf("server/discover asks for %s, a version with the initialize handshake", c.offer)
			}
			c.state, c.discoverID = Discovering, id
			return nil
		}
		if method == "ping" {
			return nil
		}
		return fmt.Errorf("%s before initialize", method)
	case Discovering:
		if method == "server/discover" && c.discoverID == 0 {
			c.discoverID, c.retried = id, true
			return nil
		}
		return fmt.Errorf("%s while discovering: wait for the answer to server/discover", method)
	case Initializing:
		if method == "ping" {
			return nil
		}
		return fmt.Errorf("%s while initializing: only ping may be sent", method)
	default:
		if method == "initialize" || method == "notifications/initialized" {
			return fmt.Errorf("%s: the handshake is done", method)
		}
		return nil
	}
}

// A frame is one JSON-RPC message from the server, as far as the client
// reads it.
type frame struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result *struct {
		ProtocolVersion   string   `json:"protocolVersion"`
		SupportedVersions []string `json:"supportedVersions"`
	} `json:"result"`
	Error *struct {
		Code int64 `json:"code"`
		Data struct {
			Supported []string `json:"supported"`
		} `json:"data"`
	} `json:"error"`
}

// Receive handles one frame from the server.
func (c *Client) Receive(b []byte) (string, error) {
	var m frame
	if err := json.Unmarshal(b, &m); err != nil {
		return "", fmt.Errorf("not a JSON-RPC message: %v", err)
	}
	if c.state == Closed {
		return "", errors.New("connection closed")
	}
	if m.Method != "" {
		return "", nil
	}
	switch {
	case c.state == Discovering && c.discoverID != 0 && string(m.ID) == strconv.FormatInt(c.discoverID, 10):
		return c.discovered(m)
	case (c.state == Initializing || c.state == Ready) && string(m.ID) == strconv.FormatInt(c.initID, 10): // Bug: a repeated result is answered again.
		return c.initialized(m)
	}
	return "", nil // the answer to another request, or nothing awaited
}

// discovered handles the response to server/discover.
func (c *Client) discovered(m frame) (string, error) {
	if m.Result != nil || m.Error == nil {
		var theirs []string
		if m.Result != nil {
			theirs = m.Result.SupportedVersions
		}
		return c.choose(theirs, false)
	}
	switch code := m.Error.Code; {
	case code == -32022: // UnsupportedProtocolVersion: a modern server
		if c.retried {
			c.state = Closed
			return "", errors.New("the server refused the version it listed")
		}
		return c.choose(m.Error.Data.Supported, true)
	case code == -32020 || code == -32021: // other modern errors
		c.state = Closed
		return "", fmt.Errorf("server/discover failed with %d", code)
	}
	// Any other error: a server from before 2026-07-28.
	legacy := ""
	for _, v := range c.supported {
		if v < Modern && v > legacy {
			legacy = v
		}
	}
	if legacy == "" {
		c.state = Closed
		return "", errors.New("the server does not implement server/discover, and this client speaks no version before " + Modern)
	}
	return c.fallBack(legacy)
}

// choose picks the newest version in both lists: a modern one is used
// (after a retry of the probe, when the server refused the first), an
// older one through initialize.
func (c *Client) choose(theirs []string, retry bool) (string, error) {
	v := ""
	for _, s := range c.supported {
		if slices.Contains(theirs, s) && s > v {
			v = s
		}
	}
	switch {
	case v == "":
		c.state = Closed
		return "", fmt.Errorf("no protocol version in common: the server speaks %q", theirs)
	case v < Modern:
		return c.fallBack(v)
	case retry:
		c.offer, c.discoverID = v, 0
		return "server/discover", nil
	}
	c.state, c.agreed = Ready, v
	return "", nil
}

func (c *Client) fallBack(v string) (string, error) {
	c.state, c.offer, c.fellBack = New, v, true
	return "initialize", nil
}

// initialized handles the response to initialize.
func (c *Client) initialized(m frame) (string, error) {
	if m.Error != nil {
		c.state = Closed
		return "", errors.New("initialize failed")
	}
	v := ""
	if m.Result != nil {
		v = m.Result.ProtocolVersion
	}
	if v == "" {
		c.state = Closed
		return "", errors.New("the initialize result has no protocolVersion")
	}
	if !slices.Contains(c.supported, v) {
		c.state = Closed
		return "", fmt.Errorf("server chose protocol version %s, which this client does not support", v)
	}
	c.state, c.agreed = Ready, v
	return "notifications/initialized", nil
}

// Close ends the connection.
func (c *Client) Close() { c.state = Closed }
