// Command gocheck lists the top-level functions of every corpus file of one
// commit with Go's own go/parser, as an independent check of the tree-sitter
// chunker (stages/corpus/functions.h, Go's rules).
//
// Usage: gocheck -tree <tree.z> -blobs <blobs.batch>
//
// Inputs are the plain files that stages/corpus/extract_history.sh writes:
// `git ls-tree -r -z --full-tree` and `git cat-file --batch`. The corpus rule
// is applied independently of the C++ code: regular blobs (100644, 100755)
// whose path ends in ".go" and has no "vendor" directory. Output, sorted by
// path, one record a line, fields separated by TAB:
//
//	# check v1 go/parser <go version>
//	F <path> ok|error <first parse error>   one per present file
//	D <path> <name> <start line> <end line> one per top-level func, in order
//	M <path>                               a blob missing from the clone
//
// Names are "Func" or "Receiver.Method" with the receiver's base type name
// (no '*', parentheses or type parameters). Lines are 1-based, taken with
// PositionFor(pos, false) so //line directives do not move them: start is
// the `func` keyword (doc comments excluded), end the body's closing brace
// (the end of the signature for a declaration without a body).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

type entry struct {
	mode, typ, oid, path string
}

func parseTree(data []byte) ([]entry, error) {
	var out []entry
	for i, rec := range bytes.Split(data, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		tab := bytes.IndexByte(rec, '\t')
		if tab < 0 {
			return nil, fmt.Errorf("tree record %d: no TAB", i+1)
		}
		meta := strings.Fields(string(rec[:tab]))
		if len(meta) != 3 {
			return nil, fmt.Errorf("tree record %d: expected '<mode> <type> <oid>'", i+1)
		}
		out = append(out, entry{meta[0], meta[1], meta[2], string(rec[tab+1:])})
	}
	return out, nil
}

type blob struct {
	missing bool
	content []byte
}

func parseBatch(data []byte) (map[string]blob, error) {
	out := map[string]blob{}
	pos := 0
	for pos < len(data) {
		nl := bytes.IndexByte(data[pos:], '\n')
		if nl < 0 {
			return nil, fmt.Errorf("batch byte %d: no header line", pos)
		}
		header := strings.Fields(string(data[pos : pos+nl]))
		pos += nl + 1
		if len(header) == 2 && header[1] == "missing" {
			out[header[0]] = blob{missing: true}
			continue
		}
		if len(header) != 3 {
			return nil, fmt.Errorf("batch byte %d: bad header %q", pos, header)
		}
		size, err := strconv.Atoi(header[2])
		if err != nil || pos+size+1 > len(data) || data[pos+size] != '\n' {
			return nil, fmt.Errorf("batch: truncated object %s", header[0])
		}
		out[header[0]] = blob{content: data[pos : pos+size]}
		pos += size + 1
	}
	return out, nil
}

func isCorpus(e entry) bool {
	if e.typ != "blob" || (e.mode != "100644" && e.mode != "100755") {
		return false
	}
	if !strings.HasSuffix(e.path, ".go") {
		return false
	}
	return !strings.HasPrefix(e.path, "vendor/") && !strings.Contains(e.path, "/vendor/")
}

func receiverName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.ParenExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	default:
		return types.ExprString(e)
	}
}

func oneLine(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}

func check(w *bufio.Writer, path string, src []byte) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	status := "ok"
	if err != nil {
		status = "error\t" + oneLine(err.Error())
	}
	fmt.Fprintf(w, "F\t%s\t%s\n", path, status)
	if file == nil {
		return
	}
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Name == nil {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			name = receiverName(fd.Recv.List[0].Type) + "." + name
		}
		start := fset.PositionFor(fd.Pos(), false).Line
		var end int
		if fd.Body != nil && fd.Body.Rbrace.IsValid() {
			end = fset.PositionFor(fd.Body.Rbrace, false).Line
		} else {
			end = fset.PositionFor(fd.Type.End()-1, false).Line
		}
		fmt.Fprintf(w, "D\t%s\t%s\t%d\t%d\n", path, name, start, end)
	}
}

func run() error {
	treePath := flag.String("tree", "", "git ls-tree -r -z output")
	blobsPath := flag.String("blobs", "", "git cat-file --batch output")
	flag.Parse()
	treeData, err := os.ReadFile(*treePath)
	if err != nil {
		return err
	}
	blobData, err := os.ReadFile(*blobsPath)
	if err != nil {
		return err
	}
	tree, err := parseTree(treeData)
	if err != nil {
		return err
	}
	blobs, err := parseBatch(blobData)
	if err != nil {
		return err
	}
	var files []entry
	for _, e := range tree {
		if isCorpus(e) {
			files = append(files, e)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "# check v1 go/parser %s\n", runtime.Version())
	for _, e := range files {
		b, ok := blobs[e.oid]
		if !ok {
			return fmt.Errorf("%s: blob %s not in the dump", e.path, e.oid)
		}
		if b.missing {
			fmt.Fprintf(w, "M\t%s\n", e.path)
			continue
		}
		check(w, e.path, b.content)
	}
	return w.Flush()
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gocheck:", err)
		os.Exit(1)
	}
}
