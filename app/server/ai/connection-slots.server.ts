// The slots moved to app/server/http/ when the Blocket marketplace started sharing them; this
// re-export keeps the OpenAI engine's existing imports working.
export { createSlots, type Slots } from "#app/server/http/connection-slots.server";
