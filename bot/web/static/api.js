// Talking to the server: JSON posts and the room's live stream. No drawing here.

export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), credentials: "same-origin",
  });
  if (!response.ok) {
    // a refusal the server explains (too fast, too many tables) says so in its `note`
    // (and, for a new table's options, which `option`: the whole answer is kept)
    const error = new Error(`${response.status}`);
    try { error.answer = await response.json(); error.note = error.answer.note; } catch { error.note = null; }
    throw error;
  }
  return response.json();
}

// The room's stream of events (show / drop / reset), with its open and error calls.
export function openStream(room, { opened, failed, message }) {
  const stream = new EventSource(`/api/events/${room}`);
  stream.onopen = opened;
  stream.onerror = failed;
  stream.onmessage = (event) => message(JSON.parse(event.data));
  return stream;
}
