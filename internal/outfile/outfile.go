package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Check reports, before any work is done, why path could not be written:
// its directory does not exist or cannot be written in, path is a
// directory, or a file there already is read-only. Through a symbolic
// link, the file the link names is checked. It leaves nothing behind. The
// errors name path and what is wrong with it, not any file of Check's own.
func Check(path string) error {
	if path == "" {
		return errors.New("no file name")
	}
	named := path
	path, err := resolve(path)
	if err != nil {
		return err
	}
	if inPlace(named, path) {
		// Not opened here: a named pipe would wait for its reader, who
		// would then take the close for the end of what was sent.
		if err := syscall.Access(named, 2 /* W_OK */); err != nil {
			return fmt.Errorf("cannot write to it: %w", err)
		}
		return nil
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir():
		return fmt.Errorf("no directory %s to write it in", dir)
	case err != nil:
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("is a directory; want a file name")
	}
	if err := writable(path); err != nil {
		return err
	}
	f, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("cannot write in directory %s: %w", dir, unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// Write writes path through write: to a new temporary file in path's
// directory (created by os.CreateTemp, so no existing file is touched),
// renamed to path once written and closed (a device, a named pipe or a
// name under /dev or /proc is written in place instead). On any failure, a panic of
// write's included, the temporary file is removed and path is left as it
// was. Through a symbolic link, the file the link names is written. A new
// file is readable by others (0644), as os.Create would make it; one
// replaced keeps its permissions, and a read-only one is refused.
func Write(path string, write func(io.Writer) error) (err error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s: is a directory; want a file name", path)
	}
	// Through a link, the file it names is written (the link stays a
	// link); a file already there keeps its permissions.
	named := path
	if path, err = resolve(path); err != nil {
		return fmt.Errorf("%s: %w", named, err)
	}
	if inPlace(named, path) {
		return writeInPlace(named, write)
	}
	if err := writable(path); err != nil {
		return fmt.Errorf("%s: %w", named, err)
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	tmp := f.Name()
	done := false
	defer func() {
		// Not done: write failed, or panicked (the panic goes on once
		// the temporary file is gone).
		if err != nil || !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	// CreateTemp makes the file private (0600). Not being able to widen
	// it is no reason to fail.
	_ = f.Chmod(mode)
	if err := write(f); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	done = true
	return nil
}

// inPlace reports whether the file named (resolved: the file its links
// lead to) is written where it is rather than replaced: a device, a named
// pipe or a socket (a file put in its place would be no device), or any
// name under /dev or /proc (/dev/stdout leads through /proc/self/fd to
// whatever the output goes to, perhaps a file holding what was printed
// before: replacing it would lose that).
func inPlace(named, resolved string) bool {
	if _, ok := ownFD(named); ok {
		return true // a pipe's link leads to no file ("pipe:[N]")
	}
	fi, err := os.Stat(resolved)
	if err != nil || fi.IsDir() {
		return false
	}
	if abs, err := filepath.Abs(named); err == nil && (strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")) {
		return true
	}
	return !fi.Mode().IsRegular()
}

// ownFD returns the descriptor of this process that named names
// (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), if it names one.
// Writing to it, rather than to a file opened anew, keeps its place: what
// the command prints there goes on after what it wrote, not over it.
func ownFD(named string) (int, bool) {
	switch p := filepath.Clean(named); p {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	default:
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
			if n, ok := strings.CutPrefix(p, dir); ok {
				if fd, err := strconv.Atoi(n); err == nil && fd >= 0 {
					return fd, true
				}
			}
		}
	}
	return 0, false
}

// writeInPlace writes through write to the file named, opened as it is:
// not created, not truncated; a descriptor of this process's own is
// written through.
func writeInPlace(named string, write func(io.Writer) error) error {
	if fd, ok := ownFD(named); ok {
		return write(fdWriter(fd))
	}
	f, err := os.OpenFile(named, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s: cannot write to it: %w", named, unwrapPath(err))
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", named, unwrapPath(err))
	}
	return nil
}

// fdWriter writes to a descriptor it does not own: an *os.File made for
// it would close it once garbage-collected.
type fdWriter int

func (w fdWriter) Write(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k, err := syscall.Write(int(w), p[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}

// resolve follows path through symbolic links to the file they name (which
// need not exist yet).
func resolve(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", fmt.Errorf("reading the link: %w", unwrapPath(err))
		}
		if !filepath.IsAbs(dest) {
			// Relative to the link's own folder as the system finds it:
			// through any linked folder first, so that a ".." in dest
			// climbs out of the folder the link really stands in, not
			// out of its name.
			dir := filepath.Dir(path)
			if real, err := filepath.EvalSymlinks(dir); err == nil {
				dir = real
			}
			dest = filepath.Join(dir, dest)
		}
		path = dest
	}
	return "", errors.New("too many links, one to another")
}

// writable refuses a file there already that its owner may not write:
// replacing it would undo what its mode says.
func writable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("is read-only (mode %04o): make it writable, or name another file", fi.Mode().Perm())
	}
	return nil
}

// createTemp creates a new hidden temporary file beside path, named after
// it (os.CreateTemp: no existing file is touched).
func createTemp(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
}

// unwrapPath returns the cause of a *fs.PathError or *os.LinkError, whose
// message would name a temporary file the user never asked for.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
