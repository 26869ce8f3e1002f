import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts what Cloudflare counts as subrequests of one invocation: every outgoing fetch, every D1
 * query or batch, every KV and R2 operation and every call on a Durable Object stub (Workers
 * limits: "requests to other Cloudflare services like R2, KV, or D1" count toward the same limit
 * as fetch). Creating a D1 statement, binding it, or getting a DO id or stub costs nothing; the
 * call that reaches the service does. A DO's own storage is local and not counted.
 *
 * `instrumentEnv(env)` replaces the bindings of a Worker env object in place with counting
 * proxies, so every module that reads that env (the composition root, the rate limiter, a
 * CreationJob given it) is counted; `countFetch()` wraps the global fetch. Counting happens only
 * inside `measure()` or a method wrapped by `measureEach()`, one window per invocation.
 */

export type SubrequestKind = "fetch" | "d1" | "kv" | "r2" | "do";
export type SubrequestCount = { total: number } & Record<SubrequestKind, number>;

const empty = (): SubrequestCount => ({ total: 0, fetch: 0, d1: 0, kv: 0, r2: 0, do: 0 });

type Window = { count: SubrequestCount; urls: string[] };
/** The invocation being counted: async context follows its awaits, timers and waitUntil work. */
const current = new AsyncLocalStorage<Window>();

function count(kind: SubrequestKind, detail?: string): void {
  const window = current.getStore();
  if (!window) return;
  window.count[kind]++;
  window.count.total++;
  if (kind === "fetch" && detail) window.urls.push(detail);
}

/**
 * Runs `invocation` as one counted invocation and returns what it cost. Work it leaves running
 * (waitUntil) is counted if it ends within `settleMs`. Other invocations running meanwhile (a
 * Durable Object's alarm) are not: each is counted in its own window.
 */
export async function measure<T>(invocation: () => Promise<T>, { settleMs = 150 } = {}): Promise<{ result: T; count: SubrequestCount; urls: string[] }> {
  const window: Window = { count: empty(), urls: [] };
  const result = await current.run(window, invocation);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { result, count: { ...window.count }, urls: [...window.urls] };
}

/**
 * Counts every call of `prototype[method]` (e.g. a Durable Object's `alarm`, which the runtime
 * invokes itself) as its own invocation and hands each count to `onCount` when it ends.
 */
export function measureEach(prototype: object, method: string, onCount: (count: SubrequestCount, urls: string[]) => void): void {
  const original = Reflect.get(prototype, method) as (...args: unknown[]) => Promise<unknown>;
  Reflect.set(prototype, method, async function (this: unknown, ...args: unknown[]) {
    const window: Window = { count: empty(), urls: [] };
    try {
      return await current.run(window, () => Reflect.apply(original, this, args));
    } finally {
      onCount({ ...window.count }, [...window.urls]);
    }
  });
}

const D1_STATEMENT_CALLS = new Set(["first", "run", "all", "raw"]);

/** Statements handed to batch() must be the real ones. */
const unwrap = new WeakMap<object, D1PreparedStatement>();

function countingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "bind") return (...args: unknown[]) => countingStatement(Reflect.apply(value, target, args));
      if (D1_STATEMENT_CALLS.has(String(property)))
        return (...args: unknown[]) => {
          count("d1");
          return Reflect.apply(value, target, args);
        };
      return (...args: unknown[]) => Reflect.apply(value, target, args);
    },
  });
  unwrap.set(proxy, statement);
  return proxy;
}

function countingD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (query: string) => countingStatement(Reflect.apply(value, target, [query]) as D1PreparedStatement);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          // One batch is one round trip to D1, however many statements it holds.
          count("d1");
          return Reflect.apply(value, target, [statements.map((statement) => unwrap.get(statement) ?? statement)]);
        };
      if (property === "exec" || property === "dump")
        return (...args: unknown[]) => {
          count("d1");
          return Reflect.apply(value, target, args);
        };
      return (...args: unknown[]) => Reflect.apply(value, target, args);
    },
  });
}

function countingMethods<T extends object>(binding: T, kind: SubrequestKind, local: ReadonlySet<string> = new Set()): T {
  return new Proxy(binding, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (local.has(String(property))) return (...args: unknown[]) => Reflect.apply(value, target, args);
      return (...args: unknown[]) => {
        count(kind);
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** A DO namespace: ids and stubs are local; every call on a stub (RPC or fetch) is a subrequest. */
function countingNamespace(namespace: DurableObjectNamespace): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "get" || property === "getByName")
        return (...args: unknown[]) => countingMethods(Reflect.apply(value, target, args) as DurableObjectStub, "do", new Set(["then"]));
      return (...args: unknown[]) => Reflect.apply(value, target, args);
    },
  });
}

function kindOf(binding: unknown): "d1" | "kv" | "r2" | "do" | null {
  if (!binding || typeof binding !== "object") return null;
  const name = binding.constructor?.name ?? "";
  if (name === "D1Database" || ("prepare" in binding && "batch" in binding && "exec" in binding)) return "d1";
  if (name === "DurableObjectNamespace" || ("idFromName" in binding && "get" in binding)) return "do";
  if (name === "R2Bucket" || ("createMultipartUpload" in binding && "head" in binding)) return "r2";
  if (name === "KvNamespace" || ("getWithMetadata" in binding && "list" in binding)) return "kv";
  return null;
}

/** Replaces every D1, KV, R2 and DO binding of `env` with a counting proxy (once). Returns the names wrapped. */
export function instrumentEnv(env: Record<string, unknown>): string[] {
  const wrapped: string[] = [];
  for (const [name, binding] of Object.entries(env)) {
    const kind = kindOf(binding);
    if (!kind || (binding as { __counted?: boolean }).__counted) continue;
    const proxy =
      kind === "d1"
        ? countingD1(binding as D1Database)
        : kind === "do"
          ? countingNamespace(binding as DurableObjectNamespace)
          : countingMethods(binding as object, kind);
    Object.defineProperty(proxy, "__counted", { value: true });
    env[name] = proxy;
    wrapped.push(name);
  }
  return wrapped;
}

/**
 * Wraps the global fetch: counted inside a window, passed through otherwise. `answer` may reply
 * instead of the network (e.g. an upstream with no fake server); its replies count too.
 */
export function countFetch(answer?: (request: Request) => Response | null): void {
  const original = globalThis.fetch;
  if ((original as { __counted?: boolean }).__counted) return;
  const counting = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    count("fetch", `${request.method} ${request.url}`);
    return answer?.(request) ?? original(request);
  };
  Object.defineProperty(counting, "__counted", { value: true });
  globalThis.fetch = counting as typeof fetch;
}

/** Cloudflare's documented per-invocation subrequest limits (Workers limits page, November 2026). */
export const SUBREQUEST_LIMITS = { free: 50, paid: 10_000 } as const;
