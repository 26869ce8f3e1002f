import type { Services } from "#app/server/services.server";

/** Never throws: an unreachable job still finds its row gone, or the tombstone, before it saves. */
export async function stopCreationJob(services: Pick<Services, "creationJobs">, userId: string, id: string): Promise<void> {
  try {
    await services.creationJobs.cancel(id, userId);
  } catch (error) {
    console.error("Could not stop a creation job; it will find its row gone before it saves", error);
  }
}
