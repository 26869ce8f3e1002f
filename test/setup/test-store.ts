import { env } from "cloudflare:workers";
import { servicesFor } from "#app/server/services.server";

/** The deployment's D1 and R2 stores (and its creation jobs, which deletion stops), for tests that read or write data directly. */
export const { db: testDb, results: testResults, creationJobs: testCreationJobs } = servicesFor(env);
export const testStore = { db: testDb, results: testResults, creationJobs: testCreationJobs };
