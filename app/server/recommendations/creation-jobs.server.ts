import type { CreationJobs } from "./contracts.server";

export function createCreationJobs(namespace: Env["CREATION_JOB"]): CreationJobs {
  const stub = (id: string) => namespace.get(namespace.idFromName(id));
  return {
    start: (spec, first) => stub(spec.id).start(spec, first),
    progress: (id, userId) => stub(id).progress(userId),
    cancel: (id, userId) => stub(id).cancel(userId),
  };
}
