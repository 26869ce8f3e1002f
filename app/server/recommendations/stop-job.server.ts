import type { Services } from "#app/server/services.server";

/**
 * Stops a creation job whose row is gone (its owner removed it, or deleted the account). Never
 * throws: a job that cannot be reached still finds its row missing, or the tombstone, before it
 * saves, and drops its work then.
 */
export async function stopCreationJob(services: Pick<Services, "creationJobs">, userId: string, id: string): Promise<void> {
  try {
    await services.creationJobs.cancel(id, userId);
  } catch (error) {
    console.error("Could not stop a creation job; it will find its row gone before it saves", error);
  }
}
