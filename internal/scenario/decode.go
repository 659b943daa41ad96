package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// decoder turns a YAML syntax tree into Go values strictly: every key must
// name a field, every value must have the field's type. Unlike
// yaml.NodeToValue it does not stop at the first mistake; each one becomes a
// Problem at the position of the offending key or value.
//
// Struct fields are matched by their `yaml` tag. Two untagged fields are
// filled specially: `Pos Pos` gets the position of the mapping and
// `KeyPos map[string]Pos` the position of each key's value. A field of type
// ast.Node keeps the raw node for later decoding (ruleset blocks). A type
// whose pointer implements nodeDecoder decodes itself.
type decoder struct {
	file  string
	probs []Problem
	// wrongType holds where a value of the wrong type was found: later
	// checks of the zero value left there would only repeat the mistake.
	wrongType map[Pos]bool
	// blockKeys, while a ruleset block is decoded, gathers the position of
	// every value in it by its path within the block (see Block.Keys);
	// blockWhat is the block's own path, e.g. "sides[0].params".
	blockKeys map[string]Pos
	blockWhat string
}

type nodeDecoder interface {
	decodeNode(d *decoder, n ast.Node, what string)
}

var (
	// floatRE is YAML 1.2's core-schema float, without .inf and .nan.
	floatRE        = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	nodeType       = reflect.TypeFor[ast.Node]()
	posType        = reflect.TypeFor[Pos]()
	keyPosType     = reflect.TypeFor[map[string]Pos]()
	nodeDecoderTyp = reflect.TypeFor[nodeDecoder]()
)

// parseFile parses one YAML file and returns the body of its single
// document, or nil after recording a problem.
func (d *decoder) parseFile(src []byte) ast.Node {
	// A byte-order mark (Windows editors write one) is not part of the
	// first key. Dropping it moves no line or column: it is invisible.
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(src) {
		line, col := 1, 1
		for i := 0; i < len(src); {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n == 1 {
				break // the first byte that is not UTF-8
			}
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			i += n
		}
		d.probs = append(d.probs, Problem{File: d.file, Line: line, Col: col, Msg: "the file is not UTF-8 text (save it as UTF-8)"})
		return nil
	}
	if len(src) > MaxFileBytes {
		d.probs = append(d.probs, Problem{File: d.file, Line: 1, Col: 1, Msg: fmt.Sprintf("the file is %d bytes; a data file may be at most %d (4 MiB)", len(src), MaxFileBytes)})
		return nil
	}
	// The YAML parser's time grows with the square of the nesting: a
	// small file nested a hundred thousand deep would take minutes and
	// gigabytes. No data file nests more than a few levels.
	if line, col, ok := tooDeep(src, maxNesting); ok {
		d.probs = append(d.probs, Problem{File: d.file, Line: line, Col: col, Msg: fmt.Sprintf("lists and mappings nested more than %d deep here: no data file needs that many (is a ] or } missing?)", maxNesting)})
		return nil
	}
	f, err := parser.ParseBytes(src, 0)
	if err != nil {
		d.yamlError(err)
		return nil
	}
	var bodies []ast.Node
	for _, doc := range f.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		if _, ok := doc.Body.(*ast.DirectiveNode); ok {
			continue // %YAML 1.2 or %TAG: about the document, not in it
		}
		bodies = append(bodies, doc.Body)
	}
	switch len(bodies) {
	case 0:
		d.probs = append(d.probs, Problem{File: d.file, Line: 1, Col: 1, Msg: "file is empty"})
		return nil
	case 1:
		return bodies[0]
	default:
		d.errf(bodies[1], "a data file holds one YAML document, found %d", len(bodies))
		return nil
	}
}

// MaxFileBytes is the largest unit or scenario file read (the shipped
// ones are under 8 KiB).
const MaxFileBytes = 4 << 20

// maxNesting is how deep lists and mappings may nest in a data file (a
// polygon in a terrain feature in the terrain list is three).
const maxNesting = 64

// tooDeep finds where src first nests more than max deep, counting the
// open [ and { (anywhere, in strings and comments too: no real file holds
// that many unclosed) and, on top of them, the "- " items a line starts
// with ("- - - x" is three lists deep on one line). It returns the line
// and column (from 1) of the character that goes deeper than limit.
func tooDeep(src []byte, limit int) (line, col int, found bool) {
	depth, line, col := 0, 1, 0
	lineStart := true // only spaces so far on this line
	dashes := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		col++
		switch {
		case c == '\n':
			line, col, lineStart, dashes = line+1, 0, true, 0
			continue
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		case c == '-' && lineStart && (i+1 == len(src) || src[i+1] == ' ' || src[i+1] == '\n'):
			dashes++
		}
		if c != ' ' && c != '-' {
			lineStart = false
		}
		if depth+dashes > limit {
			return line, col, true
		}
	}
	return 0, 0, false
}

// yamlError records an error from go-yaml at its token's position.
func (d *decoder) yamlError(err error) {
	var ye yaml.Error
	if errors.As(err, &ye) {
		p := Problem{File: d.file, Line: 1, Col: 1, Msg: yamlMessage(ye.GetMessage())}
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			p.Line, p.Col = tk.Position.Line, tk.Position.Column
		}
		d.probs = append(d.probs, p)
		return
	}
	d.probs = append(d.probs, Problem{File: d.file, Line: 1, Col: 1, Msg: err.Error()})
}

// yamlMessage rewords the commonest go-yaml syntax messages so that they
// say what to fix; others are returned as they are.
func yamlMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "found character '\t'") || strings.Contains(msg, "found a tab character"):
		return "a tab character: YAML is indented with spaces, never tabs"
	case msg == "mapping value is not allowed in this context":
		return "a \"key: value\" where none may be: check this line's indentation, and quote a value holding \": \""
	case msg == "value is not allowed in this context":
		return "a value where none may be: check this line's indentation against the lines above"
	case msg == "value is not allowed in this context. map key-value is pre-defined":
		// A quoted string left open on a line above runs on into this
		// one (YAML strings may span lines) and ends at its first quote.
		return "a value where none may be: a quoted string on a line above may lack its closing quote, or this line's indentation is off"
	case msg == "',' or ']' must be specified":
		return "a [ list opened above is not closed with ] (or two of its items lack a comma between them)"
	case msg == "',' or '}' must be specified":
		return "a { mapping opened above is not closed with } (or two of its entries lack a comma between them)"
	case msg == "non-map value is specified":
		return "a list item or bare value where a \"key: value\" line belongs: check the indentation"
	case strings.HasPrefix(msg, "sequence end token ']' not found"):
		return "a [ list is not closed with ]"
	case strings.HasPrefix(msg, "could not find flow mapping end token '}'"):
		return "a { mapping is not closed with }"
	case strings.HasPrefix(msg, "could not find end character of double-quoted text"):
		return "a double-quoted string is not closed (a missing \")"
	case strings.HasPrefix(msg, "could not find end character of single-quoted text"):
		return "a single-quoted string is not closed (a missing ')"
	}
	if m := duplicateKey.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("key %s given twice (first at line %s, column %s)", m[1], m[2], m[3])
	}
	return msg
}

// duplicateKey matches go-yaml's message for a key given twice.
var duplicateKey = regexp.MustCompile(`^mapping key ("[^"]*") already defined at \[(\d+):(\d+)\]$`)

// pos returns the position of a node: for a mapping, its first key.
func (d *decoder) pos(n ast.Node) Pos {
	p := Pos{File: d.file}
	if n == nil {
		return p
	}
	if m, ok := n.(*ast.MappingNode); ok && len(m.Values) > 0 && m.Values[0].Key != nil {
		n = m.Values[0].Key
	}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		p.Line, p.Col = tk.Position.Line, tk.Position.Column
	}
	return p
}

func (d *decoder) errf(n ast.Node, format string, args ...any) {
	d.probs = append(d.probs, d.pos(n).Problemf(format, args...))
}

func (d *decoder) add(p Pos, format string, args ...any) {
	if d.wrongType[p] {
		return
	}
	d.probs = append(d.probs, p.Problemf(format, args...))
}

// missing reports that key is missing from the mapping at parent (keys:
// its keys' positions), unless the key was there with a value of the
// wrong type: that was reported already, and one slip gets one line.
func (d *decoder) missing(keys map[string]Pos, key string, parent Pos, format string, args ...any) {
	if p, given := keys[key]; given && d.wrongType[p] {
		return
	}
	d.add(parent, format, args...)
}

// typeErrf reports a value of the wrong type at n.
func (d *decoder) typeErrf(n ast.Node, format string, args ...any) {
	if d.wrongType == nil {
		d.wrongType = map[Pos]bool{}
	}
	d.wrongType[d.pos(n)] = true
	d.errf(n, format, args...)
}

// unwrap strips tags and anchors, which carry no meaning in data files.
func unwrap(n ast.Node) ast.Node {
	for {
		switch t := n.(type) {
		case *ast.TagNode:
			n = t.Value
		case *ast.AnchorNode:
			n = t.Value
		default:
			return n
		}
	}
}

// describe names a node's kind and value for a "got ..." message.
func describe(n ast.Node) string {
	switch t := n.(type) {
	case nil, *ast.NullNode:
		return "nothing (null)"
	case *ast.StringNode:
		if unquotedNumber(t) {
			// A number YAML could not hold (too many digits): a string
			// to the parser, but a number to whoever wrote it.
			return "number " + clip(t.Value)
		}
		return fmt.Sprintf("string %q", clip(t.Value))
	case *ast.LiteralNode:
		return "a block of text"
	case *ast.IntegerNode:
		return fmt.Sprintf("integer %v", t.Value)
	case *ast.FloatNode:
		if tk := t.GetToken(); tk != nil && tk.Value != "" {
			return "number " + clip(tk.Value) // as written: 1.0, not 1
		}
		return fmt.Sprintf("number %v", t.Value)
	case *ast.InfinityNode, *ast.NanNode:
		return "number " + n.GetToken().Value
	case *ast.BoolNode:
		return fmt.Sprintf("boolean %v", t.Value)
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.AliasNode:
		return "an alias"
	default:
		return n.Type().String()
	}
}

// leadingZeroRE is a bare whole number written with a leading zero.
var leadingZeroRE = regexp.MustCompile(`^[-+]?0[0-9]+$`)

// leadingZero refuses a bare number written with a leading zero (010):
// YAML 1.1 and the parser read it as octal (8), YAML 1.2 as 10, and the
// writer most likely meant neither in a way worth guessing. It reports
// whether it did.
func (d *decoder) leadingZero(n ast.Node, what string) bool {
	n = unwrap(n)
	tk := n.GetToken()
	if tk == nil || (tk.Type != token.IntegerType && tk.Type != token.OctetIntegerType && tk.Type != token.StringType) || !leadingZeroRE.MatchString(tk.Value) {
		return false
	}
	d.typeErrf(n, "%s: %s starts with a 0, which YAML may read as octal (010 as 8); write it without the leading zero", what, tk.Value)
	return true
}

// unquotedNumber reports whether a string node was written as a bare
// number (digits, a sign, a point, an exponent) that the YAML parser kept
// as a string, e.g. an integer too long for 64 bits.
func unquotedNumber(n *ast.StringNode) bool {
	if tk := n.GetToken(); tk == nil || tk.Type != token.StringType {
		return false
	}
	_, err := strconv.ParseFloat(n.Value, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func join(what, key string) string {
	if what == "" {
		return key
	}
	return what + "." + key
}

// value decodes n into v, which must be settable.
func (d *decoder) value(n ast.Node, v reflect.Value, what string) {
	if n == nil {
		return
	}
	n = unwrap(n)
	if a, ok := n.(*ast.AliasNode); ok {
		d.typeErrf(a, "%s: YAML aliases are not supported in data files: write the value out", what)
		d.setPos(v, n)
		return
	}
	if v.Type() == nodeType {
		v.Set(reflect.ValueOf(&n).Elem())
		return
	}
	d.recordBlockKey(n, what)
	if v.CanAddr() && v.Addr().Type().Implements(nodeDecoderTyp) {
		v.Addr().Interface().(nodeDecoder).decodeNode(d, n, what)
		return
	}
	if _, null := n.(*ast.NullNode); null {
		d.setPos(v, n)
		return // absent: keep the zero value
	}
	switch v.Kind() {
	case reflect.Pointer:
		e := reflect.New(v.Type().Elem())
		d.value(n, e.Elem(), what)
		v.Set(e)
	case reflect.Struct:
		d.mapping(n, v, what)
	case reflect.Slice:
		seq, ok := n.(*ast.SequenceNode)
		if !ok {
			d.typeErrf(n, "%s: want a list, got %s", what, describe(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), len(seq.Values), len(seq.Values))
		for i, e := range seq.Values {
			d.value(e, s.Index(i), fmt.Sprintf("%s[%d]", what, i))
		}
		v.Set(s)
	case reflect.String:
		switch t := n.(type) {
		case *ast.StringNode:
			if t.Value != "" && strings.TrimSpace(t.Value) == "" {
				d.typeErrf(n, "%s: blank text; write something, or leave the key out", what)
				return
			}
			v.SetString(t.Value)
		case *ast.LiteralNode:
			if t.Value != nil {
				v.SetString(t.Value.Value)
			}
		default:
			d.typeErrf(n, "%s: want a string, got %s (quote it if it is meant as text)", what, describe(n))
		}
	case reflect.Int:
		if d.leadingZero(n, what) {
			return
		}
		i, ok := n.(*ast.IntegerNode)
		if sn, isStr := n.(*ast.StringNode); isStr && unquotedNumber(sn) {
			if _, err := strconv.ParseInt(strings.TrimPrefix(sn.Value, "+"), 10, 64); err != nil && !strings.ContainsAny(sn.Value, ".eE") {
				d.typeErrf(n, "%s: integer %s is out of range", what, clip(sn.Value))
				return
			}
		}
		if !ok {
			d.typeErrf(n, "%s: want an integer, got %s", what, describe(n))
			return
		}
		switch x := i.Value.(type) {
		case int64:
			v.SetInt(x)
		case uint64:
			if x > math.MaxInt {
				d.errf(n, "%s: integer %d is out of range", what, x)
				return
			}
			v.SetInt(int64(x))
		default:
			d.errf(n, "%s: integer %v is out of range", what, i.Value)
		}
	case reflect.Float64:
		if d.leadingZero(n, what) {
			return
		}
		f, ok := number(n)
		if !ok {
			d.typeErrf(n, "%s: want %s, got %s", what, wantNumber(n), describe(n))
			return
		}
		v.SetFloat(f)
	case reflect.Bool:
		b, ok := n.(*ast.BoolNode)
		if !ok {
			d.typeErrf(n, "%s: want true or false, got %s", what, describe(n))
			return
		}
		v.SetBool(b.Value)
	default:
		panic(fmt.Sprintf("scenario: decoder cannot fill %s (%s)", v.Type(), what))
	}
}

// recordBlockKey notes the position of a value inside the ruleset block
// being decoded, if any, under its path within the block.
func (d *decoder) recordBlockKey(n ast.Node, what string) {
	if d.blockKeys == nil {
		return
	}
	rest, ok := strings.CutPrefix(what, d.blockWhat)
	if !ok || rest == "" || (rest[0] != '.' && rest[0] != '[') {
		return
	}
	d.blockKeys[strings.TrimPrefix(rest, ".")] = d.pos(n)
}

// setPos fills the Pos field of a struct that could not be decoded, so
// that later problems about it still point into the file.
func (d *decoder) setPos(v reflect.Value, n ast.Node) {
	if v.Kind() != reflect.Struct {
		return
	}
	if f, ok := v.Type().FieldByName("Pos"); ok && f.Type == posType && f.Tag.Get("yaml") == "" {
		v.FieldByIndex(f.Index).Set(reflect.ValueOf(d.pos(n)))
	}
}

// wantNumber says what a number field wants, given what it got.
func wantNumber(n ast.Node) string {
	switch unwrap(n).(type) {
	case *ast.InfinityNode, *ast.NanNode:
		return "a finite number"
	}
	return "a number"
}

// number returns the finite value of an integer or float node, or of a
// plain (unquoted) scalar in a form YAML 1.2 reads as a number but the
// parser leaves as a string, such as 24e0.
func number(n ast.Node) (float64, bool) {
	switch t := unwrap(n).(type) {
	case *ast.StringNode:
		if t.Token != nil && t.Token.Type == token.StringType && floatRE.MatchString(t.Value) {
			if f, err := strconv.ParseFloat(t.Value, 64); err == nil && !math.IsInf(f, 0) {
				return f, true
			}
		}
	case *ast.IntegerNode:
		switch x := t.Value.(type) {
		case int64:
			return float64(x), true
		case uint64:
			return float64(x), true
		}
	case *ast.FloatNode:
		if !math.IsInf(t.Value, 0) && !math.IsNaN(t.Value) {
			return t.Value, true
		}
	}
	return 0, false
}

// fieldIndex maps yaml names to struct field indexes.
func fieldIndex(t reflect.Type) (map[string]int, []string) {
	idx := map[string]int{}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("yaml")
		if !ok || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		idx[name] = i
		names = append(names, name)
	}
	return idx, names
}

// mapping decodes a mapping node into struct v and returns the position of
// each key's value.
func (d *decoder) mapping(n ast.Node, v reflect.Value, what string) map[string]Pos {
	n = unwrap(n)
	t := v.Type()
	if f, ok := t.FieldByName("Pos"); ok && f.Type == posType && f.Tag.Get("yaml") == "" {
		v.FieldByIndex(f.Index).Set(reflect.ValueOf(d.pos(n)))
	}
	keys := map[string]Pos{}
	if f, ok := t.FieldByName("KeyPos"); ok && f.Type == keyPosType {
		v.FieldByIndex(f.Index).Set(reflect.ValueOf(keys))
	}
	var values []*ast.MappingValueNode
	switch m := n.(type) {
	case *ast.NullNode:
		return keys
	case *ast.MappingNode:
		values = m.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{m}
	default:
		name := what
		if name == "" {
			name = "file"
		}
		d.typeErrf(n, "%s: want a mapping, got %s", name, describe(n))
		return keys
	}
	idx, names := fieldIndex(t)
	seen := map[string]bool{}
	for _, mv := range values {
		key, ok := keyName(mv.Key)
		if !ok {
			// typeErrf: what the rules' checks say of the values this
			// key was to give would only follow on from it.
			if _, merge := mv.Key.(*ast.MergeKeyNode); merge {
				d.typeErrf(mv.Key, "%s: merge keys (<<: *name) are not supported in data files: write each key out", orFile(what))
			} else {
				d.typeErrf(mv.Key, "%s: keys must be plain names", orFile(what))
			}
			continue
		}
		if seen[key] {
			d.errf(mv.Key, "%s: duplicate key %q", orFile(what), key)
			continue
		}
		seen[key] = true
		i, ok := idx[key]
		if !ok {
			d.errf(mv.Key, "unknown field %q in %s (known: %s)", key, orFile(what), strings.Join(sorted(names), ", "))
			continue
		}
		keys[key] = d.pos(unwrap(mv.Value))
		d.value(mv.Value, v.Field(i), join(what, key))
	}
	return keys
}

func orFile(what string) string {
	if what == "" {
		return "file"
	}
	return what
}

func keyName(k ast.MapKeyNode) (string, bool) {
	switch t := unwrap(k).(type) {
	case *ast.StringNode:
		return t.Value, true
	case *ast.IntegerNode, *ast.BoolNode, *ast.FloatNode:
		return t.GetToken().Value, true
	}
	return "", false
}

func sorted(ss []string) []string {
	c := append([]string(nil), ss...)
	sort.Strings(c)
	return c
}

// block decodes a ruleset-specific block into the pointer made by newv. A
// nil newv means the ruleset takes no such block.
func (d *decoder) block(n ast.Node, newv func() any, rules, what string, parent Pos) (any, Block) {
	b := Block{Pos: parent, Keys: map[string]Pos{}}
	if newv == nil {
		if n != nil {
			if _, null := unwrap(n).(*ast.NullNode); !null {
				d.errf(n, "%s: rules %q take no %s", what, rules, what)
			}
		}
		return nil, b
	}
	ptr := newv()
	if n == nil {
		return ptr, b
	}
	b.Pos = d.pos(unwrap(n))
	rv := reflect.ValueOf(ptr)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("scenario: rules %q: %s type %T is not a pointer to a struct", rules, what, ptr))
	}
	d.blockKeys, d.blockWhat = map[string]Pos{}, what
	b.Keys = d.mapping(n, rv.Elem(), what)
	for k, p := range d.blockKeys {
		if _, top := b.Keys[k]; !top {
			b.Keys[k] = p
		}
	}
	d.blockKeys, d.blockWhat = nil, ""
	return ptr, b
}

// point is an [x, y] pair in inches with its position in the file.
type point struct {
	XY  [2]float64
	Pos Pos
	ok  bool // false when the node was not a valid point (already reported)
}

func (p *point) decodeNode(d *decoder, n ast.Node, what string) {
	p.Pos = d.pos(n)
	seq, ok := n.(*ast.SequenceNode)
	if !ok || len(seq.Values) != 2 {
		d.errf(n, "%s: want a point [x, y] in inches, got %s", what, describePoint(n))
		return
	}
	for i, e := range seq.Values {
		if d.leadingZero(e, what) {
			return
		}
		f, ok := number(e)
		if !ok {
			d.typeErrf(e, "%s: want %s, got %s", what, wantNumber(e), describe(unwrap(e)))
			return
		}
		p.XY[i] = f
	}
	p.ok = true
}

func describePoint(n ast.Node) string {
	if seq, ok := n.(*ast.SequenceNode); ok {
		return "a list of " + strconv.Itoa(len(seq.Values))
	}
	return describe(n)
}

// points is a list of points; ok is false when the node was not a list
// (already reported), so that later checks do not repeat the mistake.
type points struct {
	P  []point
	ok bool
}

func (ps *points) decodeNode(d *decoder, n ast.Node, what string) {
	seq, isSeq := n.(*ast.SequenceNode)
	if !isSeq {
		d.errf(n, "%s: want a list of points [[x, y], ...], got %s", what, describe(n))
		return
	}
	ps.P = make([]point, len(seq.Values))
	for i, e := range seq.Values {
		ps.P[i].decodeNode(d, unwrap(e), fmt.Sprintf("%s[%d]", what, i))
	}
	ps.ok = true
}
