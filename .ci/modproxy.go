//go:build ignore

// modproxy writes a Go module proxy for one commit of this repository into
// a directory, in the layout GOPROXY=file://DIR serves (go help goproxy):
//
//	DIR/<module>/@v/list
//	DIR/<module>/@v/<version>.info
//	DIR/<module>/@v/<version>.mod
//	DIR/<module>/@v/<version>.zip
//
// The version is the pseudo-version of the commit, v0.0.0-<UTC commit
// time>-<12 hex digits of its hash>, as the go command would derive it for
// an untagged commit. The zip is made by golang.org/x/mod/zip from the
// commit's tree (git archive: committed files only, never the working tree),
// with the rules of the go command: files under vendor/ and directories
// with their own go.mod are left out, and a file the go command would
// reject fails. It prints the version on stdout.
//
// Usage (from the repository): go run .ci/modproxy.go DIR [REVISION]
//
// golang.org/x/mod is in go.mod as an indirect dependency (of the tools);
// this file is not built with the module (the ignore constraint), so
// go mod tidy keeps it so.
package main

import (
	stdzip "archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/modproxy.go DIR [REVISION]")
		os.Exit(2)
	}
	rev := "HEAD"
	if len(os.Args) == 3 {
		rev = os.Args[2]
	}
	version, err := write(os.Args[1], rev)
	if err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
	fmt.Println(version)
}

func write(dir, rev string) (string, error) {
	// The commit's hash and committer time: the go command dates a
	// pseudo-version by the commit time, in UTC.
	out, err := git("show", "-s", "--format=%H %ct", rev+"^{commit}")
	if err != nil {
		return "", err
	}
	hash, unix, _ := strings.Cut(out, " ")
	secs, err := strconv.ParseInt(unix, 10, 64)
	if err != nil {
		return "", fmt.Errorf("commit time %q: %v", unix, err)
	}
	t := time.Unix(secs, 0).UTC()
	version := module.PseudoVersion("", "", t, hash[:12])

	gomod, err := gitBytes("show", hash+":go.mod")
	if err != nil {
		return "", err
	}
	path := modfile.ModulePath(gomod)
	if path == "" {
		return "", fmt.Errorf("go.mod of %s names no module", hash)
	}
	m := module.Version{Path: path, Version: version}
	if err := module.Check(m.Path, m.Version); err != nil {
		return "", err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return "", err
	}
	v := filepath.Join(dir, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(v, 0o755); err != nil {
		return "", err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, t})
	if err != nil {
		return "", err
	}
	// The commit's files, as git archive lists them (what the go command
	// does for a git repository). zip.CreateFromVCS would do this but
	// refuses a git worktree, whose .git is a file.
	archive, err := gitBytes("-c", "core.autocrlf=input", "-c", "core.eol=lf", "archive", "--format=zip", hash)
	if err != nil {
		return "", err
	}
	zr, err := stdzip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		return "", fmt.Errorf("git archive: %v", err)
	}
	var files []zip.File
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, "/") {
			files = append(files, archiveFile{f})
		}
	}
	var z bytes.Buffer
	if err := zip.Create(&z, m, files); err != nil {
		return "", err
	}
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
		version + ".zip":  z.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(v, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return version, nil
}

func git(args ...string) (string, error) {
	out, err := gitBytes(args...)
	return strings.TrimSpace(string(out)), err
}

func gitBytes(args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// archiveFile is a file of git archive's zip as golang.org/x/mod/zip takes it.
type archiveFile struct{ f *stdzip.File }

func (a archiveFile) Path() string                 { return a.f.Name }
func (a archiveFile) Lstat() (fs.FileInfo, error)  { return a.f.FileInfo(), nil }
func (a archiveFile) Open() (io.ReadCloser, error) { return a.f.Open() }
