// API client: JSON requests to the game server and the games this
// browser holds tokens for (localStorage).

const STORE = "sandtable.games";

// ApiError carries the server's error text and code.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", "the server cannot be reached (" + e.message + ")");
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && data.error) || text || res.statusText;
    throw new ApiError(res.status, (data && data.code) || "http_" + res.status, msg);
  }
  return data;
}

export const api = {
  scenarios: () => request("GET", "/api/scenarios"),
  units: (rules) => request("GET", "/api/units?rules=" + encodeURIComponent(rules)),
  // tableOdds asks the odds of a shot away from any game: params is a
  // URLSearchParams of GET /api/odds.
  tableOdds: (params) => request("GET", "/api/odds?" + params.toString()),
  // tableRoll rolls that shot's dice (Armour Battles); seed in params
  // repeats a roll.
  tableRoll: (params) => request("GET", "/api/odds/roll?" + params.toString()),
  // tableCompare asks one situation's shot for every firer at every
  // target (GET /api/odds/compare).
  tableCompare: (params) => request("GET", "/api/odds/compare?" + params.toString()),
  // commandRoll rolls the start of an Armour Battles turn: params hold
  // scenario, or dice, sides and first; and seed to repeat a roll.
  commandRoll: (params) => request("GET", "/api/command?" + params.toString()),
  balance: (body) => request("POST", "/api/balance", { body }),
  balanceCheck: (id) => request("GET", "/api/balance/" + encodeURIComponent(id)),
  games: () => request("GET", "/api/games"),
  create: (body) => request("POST", "/api/games", { body }),
  game: (id, token) => request("GET", "/api/games/" + id, { token }),
  events: (id, token, after) => request("GET", `/api/games/${id}/events?after=${after}`, { token }),
  act: (id, token, pos, action) => request("POST", `/api/games/${id}/actions`, { token, body: { after: pos.last_event, n: pos.n, action } }),
  odds: (id, token, firer, target) => request("GET", `/api/games/${id}/odds?firer=${encodeURIComponent(firer)}&target=${encodeURIComponent(target)}`, { token }),
  check: (id, token, action) => request("POST", `/api/games/${id}/check`, { token, body: { action } }),
  candidates: (id, token) => request("GET", `/api/games/${id}/candidates`, { token }),
  log: (id, token) => request("GET", `/api/games/${id}/log?format=events`, { token }),
  map: async (scenarioID) => {
    // The API may one day answer the map itself; until then the UI's own
    // handler serves it from the embedded scenarios.
    return request("GET", "/maps/" + scenarioID + ".json");
  },
};

// savedGames returns the games this browser holds a token for, newest first.
export function savedGames() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) || "{}");
    return Object.values(all).sort((a, b) => (b.created || 0) - (a.created || 0));
  } catch {
    return [];
  }
}

// saveGame records a token for a game (merging with what is known).
export function saveGame(entry) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { all = {}; }
  all[entry.id] = { ...(all[entry.id] || {}), ...entry };
  if (!all[entry.id].created) all[entry.id].created = Date.now();
  localStorage.setItem(STORE, JSON.stringify(all));
}

export function savedGame(id) {
  return savedGames().find((g) => g.id === id) || null;
}

export function forgetGame(id) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { all = {}; }
  delete all[id];
  localStorage.setItem(STORE, JSON.stringify(all));
}

// openStream opens the game's WebSocket after event `after` and calls
// onMessage for each message; it reconnects with the last event seen and
// calls onDown when the stream fails (the caller may poll meanwhile) and
// onUp when it is open again.
export function openStream(id, token, after, onMessage, onDown, onUp) {
  let closed = false, ws = null, last = after, retry = 500;
  const connect = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/api/games/${id}/ws?after=${last}&token=${encodeURIComponent(token)}`);
    ws.onopen = () => { retry = 500; onUp && onUp(); };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.events && m.events.length) last = Math.max(last, m.events[m.events.length - 1].seq);
      onMessage(m);
    };
    ws.onclose = () => {
      if (closed) return;
      onDown && onDown();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  };
  connect();
  return {
    close() { closed = true; ws && ws.close(); },
    seen(seq) { last = Math.max(last, seq); },
  };
}
