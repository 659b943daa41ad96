package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteCleansUp: a write that fails half way leaves the target as it
// was and no temporary file; one that succeeds replaces the target and
// leaves nothing else.
func TestWriteCleansUp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sim.svg")
	old := []byte("old plot")
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		w.Write([]byte("<svg half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("Write error %v, want the write's", err)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, old) {
		t.Errorf("target after a failed write: %q, want %q", data, old)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d files after a failed write, want the target alone", len(entries))
	}
	if err := Write(path, func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Errorf("target after a write: %q, want %q", data, "new")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("target: %v, %v; want mode 0644 like any file", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d files after a write, want the target alone", len(entries))
	}
}

// TestWritePanicCleansUp: a write that panics leaves the target as it
// was and no temporary file, and the panic goes on.
func TestWritePanicCleansUp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sim.svg")
	if err := os.WriteFile(path, []byte("old plot"), 0o644); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the write's panic", r)
			}
		}()
		Write(path, func(w io.Writer) error {
			w.Write([]byte("<svg half"))
			panic("boom")
		})
	}()
	if data, _ := os.ReadFile(path); string(data) != "old plot" {
		t.Errorf("target after a panicking write: %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d files after a panicking write, want the target alone", len(entries))
	}
}

// TestCheck: every path that cannot be written is refused with an error
// that names what is wrong and no temporary file; a good path passes and
// nothing is left behind.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"", "no file name"},
		{filepath.Join(dir, "nodir", "x.svg"), "no directory"},
		{filepath.Join(file, "x.svg"), "no directory"},
		{sub, "is a directory"},
		{"/proc/x.svg", "cannot write in directory /proc"},
	} {
		err := Check(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%q) = %v, want an error saying %q", c.path, err, c.want)
		} else if strings.Contains(err.Error(), ".tmp") {
			t.Errorf("Check(%q) = %v names a temporary file", c.path, err)
		}
	}
	if err := Check(filepath.Join(dir, "new.svg")); err != nil {
		t.Errorf("Check of a new file in a writable directory: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("directory holds %d entries after the checks, want sub and file alone", len(entries))
	}
}

// TestWriteErrorNamesTarget: a directory that cannot be written in gets an
// error naming the user's file, not the temporary one.
func TestWriteErrorNamesTarget(t *testing.T) {
	err := Write("/proc/x.svg", func(w io.Writer) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "/proc/x.svg: ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("Write into /proc: %v, want an error naming /proc/x.svg alone", err)
	}
}

// TestWriteThroughLinksAndModes: a symbolic link is written through (the
// file it names gets the content, the link stays a link, dangling or
// not), a file replaced keeps its permissions, and a read-only file is
// refused by Check and Write alike and left as it was.
func TestWriteThroughLinksAndModes(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.jsonl", link); err != nil {
		t.Fatal(err)
	}
	if err := Check(link); err != nil {
		t.Fatalf("Check through a link: %v", err)
	}
	if err := Write(link, func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if data, _ := os.ReadFile(target); err != nil || fi.Mode()&os.ModeSymlink == 0 || string(data) != "new" {
		t.Errorf("after writing through the link: link %v (%v), target %q; want the link kept and the target written", fi.Mode(), err, data)
	}
	if fi, err := os.Stat(target); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode after the write: %v, %v; want 0600 kept", fi.Mode(), err)
	}

	dangling := filepath.Join(dir, "dangling.jsonl")
	if err := os.Symlink("made.jsonl", dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, func(w io.Writer) error { _, err := w.Write([]byte("made")); return err }); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "made.jsonl")); err != nil || string(data) != "made" {
		t.Errorf("through a dangling link: %q, %v; want the file it names made", data, err)
	}

	// A link in a linked folder, to "..": from the folder the link
	// really stands in.
	for _, d := range []string{"data/run1", "data/shared", "work"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "data", "run1"), filepath.Join(dir, "work", "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../shared/plot.svg", filepath.Join(dir, "data", "run1", "plot.svg")); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "work", "out", "plot.svg"), func(w io.Writer) error { _, err := w.Write([]byte("svg")); return err }); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "data", "shared", "plot.svg")); err != nil || string(data) != "svg" {
		t.Errorf("through a link in a linked folder: %q, %v; want data/shared/plot.svg written", data, err)
	}

	ro := filepath.Join(dir, "kept.jsonl")
	if err := os.WriteFile(ro, []byte("keep me"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := Check(ro); err == nil || !strings.Contains(err.Error(), "is read-only (mode 0444)") {
		t.Errorf("Check of a read-only file: %v", err)
	}
	err = Write(ro, func(w io.Writer) error { _, err := w.Write([]byte("overwritten")); return err })
	if data, _ := os.ReadFile(ro); err == nil || !strings.Contains(err.Error(), "kept.jsonl: is read-only") || string(data) != "keep me" {
		t.Errorf("Write over a read-only file: %v, and it holds %q", err, data)
	}
}

// TestWriteInPlace: a named pipe and a device are written where they
// are, not replaced by a regular file; /dev/stdout leads to the output
// the command was given, which is written to, not swapped for a new file.
func TestWriteInPlace(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "log.jsonl")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := Check(pipe); err != nil { // must not wait for a reader
		t.Fatalf("Check(a pipe): %v", err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(pipe)
		got <- b
	}()
	if err := Write(pipe, func(w io.Writer) error { _, err := io.WriteString(w, "a line\n"); return err }); err != nil {
		t.Fatalf("Write(a pipe): %v", err)
	}
	if b := <-got; string(b) != "a line\n" {
		t.Errorf("the pipe's reader got %q", b)
	}
	if fi, err := os.Lstat(pipe); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("after Write the pipe is %v (%v), not a pipe", fi.Mode(), err)
	}
	if err := Write("/dev/null", func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatalf("Write(/dev/null): %v", err)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/null after Write: %v (%v)", fi.Mode(), err)
	}
	// What stdout goes to, through /dev/stdout: a file with something in
	// it already keeps it, and gets the rest after it.
	out := filepath.Join(dir, "report.txt")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("the report\n")
	link := filepath.Join(dir, "stdout")
	if err := os.Symlink(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), link); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	if err := Write(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), func(w io.Writer) error { _, err := io.WriteString(w, "the log\n"); return err }); err != nil {
		t.Fatalf("Write(/proc/self/fd/N): %v", err)
	}
	f.Close()
	if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), "the report\n") || !strings.Contains(string(b), "the log\n") {
		t.Errorf("the output file holds %q; want the report, then the log", b)
	} // Output into a pipe (| less): /proc/self/fd/N leads to no file.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fd := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if err := Check(fd); err != nil {
		t.Fatalf("Check(a pipe's descriptor): %v", err)
	}
	if err := Write(fd, func(w io.Writer) error { _, err := io.WriteString(w, "piped\n"); return err }); err != nil {
		t.Fatalf("Write(a pipe's descriptor): %v", err)
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "piped\n" {
		t.Errorf("the pipe's reader got %q", b)
	}
}
