package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"

	"github.com/mcp-playground/mcp-playground/site/host"
)

// serveDir serves dir as the static host would, until ctx ends, printing
// the URL to open.
func serveDir(ctx context.Context, dir, base, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if base == "" {
		base = "/"
	}
	fmt.Printf("serving %s at http://%s%s (both editions: %szh/)\n", dir, ln.Addr(), base, base)
	srv := &http.Server{Handler: host.New(dir, base)}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
