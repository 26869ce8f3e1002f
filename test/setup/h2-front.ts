/**
 * HTTP/2 over TLS in front of `wrangler dev`, for Lighthouse (scripts/perf-budgets.ts).
 *
 * Why: Cloudflare serves production to browsers over HTTP/2 or HTTP/3; `wrangler dev` speaks only
 * HTTP/1.1. Lighthouse's simulation (Lantern) gives an HTTP/1.1 page a new connection, with its own
 * handshake round trip and slow start, for every request made in parallel, and queues the rest
 * behind them; over HTTP/2 every request shares the document's warm connection. Measured over
 * HTTP/1.1, a page with nine scripts pays round trips no buyer's browser pays (docs/benchmarks.md).
 *
 * The front passes bytes through as they are (the upstream's gzip stays gzip) and drops only the
 * headers HTTP/2 forbids. Its certificate is made for the run with `openssl` and trusted by its
 * key's hash (`--ignore-certificate-errors-spki-list`), not by turning certificate checks off.
 */
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

export type H2Front = {
  /** `https://127.0.0.1:<port>` */
  url: string;
  /** Chromium flags that trust this front's certificate and nothing else. */
  chromiumFlags: string[];
  close(): void;
};

/** Connection-specific headers: allowed in HTTP/1.1, a protocol error in HTTP/2 (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "drombil-h2-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    throw new Error(`Could not make a certificate with openssl (apt install openssl, or measure with --protocol=http1): ${error}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startH2Front(upstream: string): Promise<H2Front> {
  const target = new URL(upstream);
  const { key, cert } = selfSignedCertificate();
  const spki = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key, cert });
  server.on("stream", (stream, headers) => {
    // A browser that gives up on a request resets its stream; that is not the front's error.
    stream.on("error", () => {});
    const forwarded: http.OutgoingHttpHeaders = { host: target.host };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(":") && value !== undefined) forwarded[name] = value;
    }
    const request = http.request(
      { host: target.hostname, port: target.port, method: headers[":method"], path: headers[":path"], headers: forwarded, agent },
      (response) => {
        if (stream.destroyed) return void response.resume();
        const answer: http2.OutgoingHttpHeaders = { ":status": response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        try {
          stream.respond(answer);
        } catch (error) {
          // A header HTTP/2 refuses: the request fails loudly rather than the bench process.
          response.resume();
          stream.destroy(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        response.pipe(stream);
      },
    );
    request.on("error", () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ":status": 502 }, { endStream: true });
      else stream.destroy();
    });
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    chromiumFlags: [`--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`],
    close() {
      server.close();
      agent.destroy();
    },
  };
}
