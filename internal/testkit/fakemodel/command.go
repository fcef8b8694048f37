package fakemodel

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the scripted model server as the fakemodel command does,
// with the command's arguments, until SIGINT or SIGTERM: it serves the
// scenario file on a loopback address, writes the address to the ready
// file once it listens and appends each request to the log file.
func Main(args []string) error {
	fs := flag.NewFlagSet("fakemodel", flag.ContinueOnError)
	scenario := fs.String("scenario", "", "the scenario file (JSON)")
	addr := fs.String("addr", "127.0.0.1:0", "the loopback address to listen on")
	ready := fs.String("ready-file", "", "a file to write the listening address to")
	logPath := fs.String("log", "", "a file to append one JSON line per request to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *scenario == "" {
		return errors.New("-scenario is required")
	}
	sc, err := Load(*scenario)
	if err != nil {
		return err
	}
	var log io.Writer
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		log = f
	}
	ln, err := Listen(*addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: New(sc, log)}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *ready != "" {
		if err := writeReady(*ready, ln.Addr().String()); err != nil {
			_ = ln.Close()
			return err
		}
	}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// writeReady writes the address whole: to a temporary file, renamed.
func writeReady(path, addr string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(addr+"\n"), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
