// Lucene's BM25 over the project's own token streams (tools/engines/README.md).
//
//   java -cp <lucene-core.jar>:<lucene-analysis-common.jar>:<classes> LuceneBm25 \
//       <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>
//
// docs.tsv: "<id>\t<tokens joined by one space>" per document, ids 0.. in
// order; queries.tsv the same per query. Each document is one TextField of
// its pre-joined tokens, analyzed by WhitespaceAnalyzer (so Lucene sees
// exactly the project's tokens), in an in-memory ByteBuffersDirectory, one
// thread, BM25Similarity(k1, b) at indexing and search time. A query is a
// BooleanQuery with one SHOULD TermQuery per token occurrence (the query
// parser's behaviour: a repeated token counts once per occurrence).
//
// Prints one JSON object on stdout: build_cold_ms (the first build, JIT
// cold), build_ms (a second build: documents added, committed and a reader
// opened), index_bytes (the directory's files), cold_query_ms (each query's
// first run), query_ms (each query's median over `passes` runs, after
// `passes` untimed warm-up runs of every query), and the top `top` of each
// query as [document id, score] pairs. Exit 2 on a malformed input line.
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;

public final class LuceneBm25 {
  private static List<String[]> readTsv(String path) throws IOException {
    List<String[]> rows = new ArrayList<>();
    int line = 0;
    for (String s : Files.readAllLines(Path.of(path), StandardCharsets.UTF_8)) {
      ++line;
      String[] f = s.split("\t", -1);
      if (f.length != 2 || !f[0].equals(Integer.toString(rows.size()))) {
        System.err.println(path + ": line " + line + ": expected '<id " + rows.size() + ">\\t<tokens>'");
        System.exit(2);
      }
      rows.add(f);
    }
    return rows;
  }

  private static BooleanQuery query(String tokens) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (String t : tokens.split(" ")) {
      if (!t.isEmpty()) b.add(new TermQuery(new Term("body", t)), BooleanClause.Occur.SHOULD);
    }
    return b.build();
  }

  private static DirectoryReader build(List<String[]> docs, BM25Similarity similarity) throws IOException {
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    IndexWriterConfig config = new IndexWriterConfig(new WhitespaceAnalyzer());
    config.setSimilarity(similarity);
    config.setMaxBufferedDocs(Math.max(2, docs.size() + 1));  // one segment, as the other engines
    config.setRAMBufferSizeMB(1024);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (String[] d : docs) {
        Document doc = new Document();
        doc.add(new StoredField("id", Integer.parseInt(d[0])));
        doc.add(new TextField("body", d[1], Field.Store.NO));
        writer.addDocument(doc);
      }
      writer.commit();
    }
    return DirectoryReader.open(dir);
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      System.err.println("usage: LuceneBm25 <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>");
      System.exit(2);
    }
    List<String[]> docs = readTsv(args[0]);
    List<String[]> queries = readTsv(args[1]);
    BM25Similarity similarity = new BM25Similarity(Float.parseFloat(args[2]), Float.parseFloat(args[3]));
    int top = Integer.parseInt(args[4]);
    int passes = Integer.parseInt(args[5]);

    // Built twice: the first build warms the JIT (reported as build_cold_ms),
    // the second is timed as build_ms and searched.
    long start = System.nanoTime();
    build(docs, similarity).close();
    double buildColdMs = (System.nanoTime() - start) / 1e6;
    start = System.nanoTime();
    DirectoryReader reader = build(docs, similarity);
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setSimilarity(similarity);
    double buildMs = (System.nanoTime() - start) / 1e6;
    long indexBytes = 0;
    ByteBuffersDirectory dir = (ByteBuffersDirectory) reader.directory();
    for (String f : dir.listAll()) indexBytes += dir.fileLength(f);

    List<BooleanQuery> built = new ArrayList<>();
    for (String[] q : queries) built.add(query(q[1]));
    double[] cold = new double[built.size()];
    double[][] warm = new double[built.size()][passes];
    StringBuilder hits = new StringBuilder();
    for (int q = 0; q < built.size(); ++q) {
      long t0 = System.nanoTime();
      TopDocs td = searcher.search(built.get(q), top);
      cold[q] = (System.nanoTime() - t0) / 1e6;
      hits.append(q == 0 ? "" : ",").append('[');
      for (int r = 0; r < td.scoreDocs.length; ++r) {
        ScoreDoc sd = td.scoreDocs[r];
        int id = searcher.storedFields().document(sd.doc).getField("id").numericValue().intValue();
        hits.append(r == 0 ? "" : ",").append('[').append(id).append(',')
            .append(String.format(Locale.ROOT, "%.9g", sd.score)).append(']');
      }
      hits.append(']');
    }
    for (int p = 0; p < passes; ++p) {  // JIT warm-up, untimed
      for (BooleanQuery q : built) searcher.search(q, top);
    }
    for (int p = 0; p < passes; ++p) {
      for (int q = 0; q < built.size(); ++q) {
        long t0 = System.nanoTime();
        searcher.search(built.get(q), top);
        warm[q][p] = (System.nanoTime() - t0) / 1e6;
      }
    }
    StringBuilder coldJson = new StringBuilder(), warmJson = new StringBuilder();
    for (int q = 0; q < built.size(); ++q) {
      Arrays.sort(warm[q]);
      coldJson.append(q == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f", cold[q]));
      warmJson.append(q == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f", warm[q][passes / 2]));
    }
    System.out.printf(Locale.ROOT,
        "{\"engine\":\"lucene\",\"version\":\"%s\",\"build_cold_ms\":%.3f,\"build_ms\":%.3f,\"index_bytes\":%d,"
            + "\"cold_query_ms\":[%s],\"query_ms\":[%s],\"hits\":[%s]}%n",
        org.apache.lucene.util.Version.LATEST, buildColdMs, buildMs, indexBytes, coldJson, warmJson, hits);
    reader.close();
  }
}
