import { createHash } from "node:crypto";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type H2Front, startH2Front } from "../setup/h2-front";

// The bench's HTTP/2 front must not change what it measures: same bytes, same encoding, same status.
const PAGE = gzipSync("<!doctype html><p>Hej</p>".repeat(200));

let upstream: http.Server;
let front: H2Front;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === "/missing") {
      response.writeHead(404, { "content-type": "text/plain", connection: "keep-alive" }).end("saknas");
      return;
    }
    // Chunked and keep-alive, as wrangler dev answers: both are forbidden in HTTP/2 responses.
    response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip", "x-echo-cookie": request.headers.cookie ?? "" });
    response.write(PAGE.subarray(0, 100));
    response.end(PAGE.subarray(100));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  front = await startH2Front(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(() => {
  front?.close();
  upstream?.close();
});

function get(path: string, headers: http2.OutgoingHttpHeaders = {}) {
  return new Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer; spki: string; protocol: string | false }>((resolve, reject) => {
    // The certificate is self-signed; what matters is that it is the one the Chromium flag trusts.
    const session = http2.connect(front.url, { rejectUnauthorized: false });
    session.on("error", reject);
    const request = session.request({ ":path": path, ...headers });
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    request.on("response", (received) => (answer = received));
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const socket = session.socket as unknown as import("node:tls").TLSSocket;
      const spki = createHash("sha256")
        .update(socket.getPeerX509Certificate()?.publicKey.export({ type: "spki", format: "der" }) ?? "")
        .digest("base64");
      const protocol = socket.alpnProtocol ?? false;
      session.close();
      resolve({ headers: answer, body: Buffer.concat(chunks), spki, protocol });
    });
    request.on("error", reject);
    request.on("close", () => reject(new Error(`stream closed before its end (${request.rstCode ?? "no reset code"})`)));
  });
}

describe("HTTP/2 front for the Lighthouse bench", () => {
  it("speaks HTTP/2 and passes the upstream's gzip bytes through unchanged", async () => {
    const answer = await get("/", { cookie: "__drombil_session=abc" });
    expect(answer.protocol).toBe("h2");
    expect(answer.headers[":status"]).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body.equals(PAGE)).toBe(true);
    // The signed-in pages are measured with the session cookie; it must reach the server.
    expect(answer.headers["x-echo-cookie"]).toBe("__drombil_session=abc");
  });

  it("keeps the upstream's status", async () => {
    const answer = await get("/missing");
    expect(answer.headers[":status"]).toBe(404);
    expect(answer.body.toString()).toBe("saknas");
  });

  it("serves the certificate whose key the Chromium flag trusts, and no blanket override", async () => {
    const answer = await get("/");
    expect(front.chromiumFlags).toEqual([`--ignore-certificate-errors-spki-list=${answer.spki}`]);
  });
});
