import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * "min gamla hade dragkrok, det vill jag ha igen": a clause that only wants "det" back wants what the
 * clause before named on the old car, the mirror of "… en elbil, men det vill jag inte". Pinned with
 * wording of our own.
 */

describe("a thing of the old car wanted again", () => {
  it.each(["min gamla hade dragkrok, det vill jag ha igen", "förra bilen hade dragkrok o det vill ja ha igen", "vår gamla hade dragkrok, det saknar vi"])(
    "asks for a towbar: %s",
    (wish) => {
      expect(read(wish).wishes.towing ?? 0).toBeGreaterThan(0);
    },
  );

  it("four-wheel drive wanted again is required: 'min gamla hade fyrhjulsdrift, det vill jag ha igen'", () => {
    expect(read("min gamla hade fyrhjulsdrift, det vill jag ha igen").hard.awd).toBe(true);
  });

  it("the old car's engine heater wanted again is the buyer's own note", () => {
    expect(notedTexts("min gamla hade motorvärmare, det vill ja ha igen")).toContain("motorvärmare");
  });
});

describe("a thing of the old car not wanted again stays the old car's", () => {
  it.each([
    "min gamla hade fyrhjulsdrift, det vill jag inte ha igen",
    "min gamla hade fyrhjulsdrift. vill ha automat",
    "min gamla hade fyrhjulsdrift, den vill jag sälja",
  ])("no four-wheel drive: %s", (wish) => {
    expect(read(wish).hard.awd).toBe(false);
  });
});
