import { type ResultStore, resultKey, userResultPrefix } from "./result-store.server";

/** R2 takes at most 1 000 keys per `delete` call and returns at most 1 000 per `list` page. */
const R2_BATCH = 1000;

export function createR2ResultStore(bucket: R2Bucket): ResultStore {
  return {
    async put(userId, id, result) {
      await bucket.put(resultKey(userId, id), JSON.stringify(result), {
        httpMetadata: { contentType: "application/json; charset=utf-8" },
      });
    },
    async get(userId, id) {
      const object = await bucket.get(resultKey(userId, id));
      return object ? await object.json() : null;
    },
    async delete(userId, id) {
      await bucket.delete(resultKey(userId, id));
    },
    async deleteAllForUser(userId) {
      const prefix = userResultPrefix(userId);
      let deleted = 0;
      // One list and one delete call per 1 000 objects keeps even the heaviest account inside a request's subrequests.
      for (;;) {
        const page = await bucket.list({ prefix, limit: R2_BATCH });
        const keys = page.objects.map((object) => object.key);
        if (keys.length === 0) return deleted;
        await bucket.delete(keys);
        deleted += keys.length;
        if (!page.truncated) return deleted;
      }
    },
  };
}
