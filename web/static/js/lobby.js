// The lobby: scenarios with briefings and a map preview, a new game
// against an AI or a friend, and the games this browser can resume.

import { api, savedGames, saveGame, forgetGame } from "./api.js";
import { Board } from "./board.js";
import { h, toast } from "./util.js";

// Which AI plays best depends on the rules: the server names it for each
// scenario (strongest), and the lobby marks it.
const AI_LABEL = { random: "AI: random (easy)", scripted: "AI: scripted (doctrine)", mcts: "AI: MCTS search (slower)", "mcts:1s": "AI: MCTS, a second a move", human: "A friend (send a link)" };
const opponentLabel = (o, s) => (AI_LABEL[o] || o) + (o === s.strongest ? " (strongest)" : "");

export async function showLobby(root, navigate) {
  document.getElementById("status").replaceChildren(h("span", { class: "title" }, "Tank battles on a gridless table: Armour Battles and Pagano"));
  root.replaceChildren(h("p", { class: "loading" }, "Loading scenarios…"));
  let data;
  try { data = await api.scenarios(); } catch (e) { root.replaceChildren(h("p", { class: "error" }, "Cannot load scenarios: " + e.message)); return; }
  const scenarios = data.scenarios.filter((s) => s.rules === "armour-battles" || true);
  // Easiest first, a friend last.
  const rank = (o) => { const i = ["random", "scripted", "mcts", "human"].indexOf(o.split(":")[0]); return i < 0 ? 3 : i; };
  const opponents = [...(data.opponents || ["random"])].sort((a, b) => rank(a) - rank(b));
  let chosen = scenarios[0];
  let side = chosen ? chosen.sides[0].id : null;
  let opponent = opponents.includes("random") ? "random" : opponents[0];
  const maps = new Map();

  const list = h("div", { class: "scenario-list", testid: "scenarios" });
  const detail = h("div", { class: "scenario-detail" });
  const games = h("section", { class: "games" });
  root.replaceChildren(h("div", { class: "lobby" }, h("section", { class: "pick" }, h("h2", {}, "Choose a battle"), list), detail, games));

  const renderList = () => {
    list.replaceChildren(...scenarios.map((s) => h("button", {
      class: "scenario-card" + (s === chosen ? " selected" : ""), testid: "scenario-" + s.id.replace(/\//g, "-"),
      onclick: () => {
        chosen = s; side = s.sides[0].id; renderList(); renderDetail();
        // On a narrow screen the details are below the list: bring them up.
        if (matchMedia("(max-width: 860px)").matches) detail.scrollIntoView({ behavior: "smooth", block: "start" });
      },
    }, h("b", {}, s.title, ownTag(s)), h("small", {}, [s.date, s.location].filter(Boolean).join(" · ")))));
  };

  const renderDetail = async () => {
    const s = chosen;
    if (!s) { detail.replaceChildren(h("p", {}, "No scenarios.")); return; }
    const preview = h("div", { class: "preview", testid: "map-preview" });
    const sides = h("div", { class: "choices" }, s.sides.map((sd) => h("label", { class: "radio" + (sd.id === side ? " selected" : "") },
      h("input", { type: "radio", name: "side", value: sd.id, testid: "side-" + sd.id, checked: sd.id === side || null, onchange: () => { side = sd.id; renderDetail(); } }), " ", sd.name)));
    // The opponents are buttons, not a drop-down: one tap on a tablet.
    const opp = h("div", { class: "choices", testid: "opponent" }, opponents.map((o) => h("label", { class: "radio" + (o === opponent ? " selected" : "") },
      h("input", { type: "radio", name: "opponent", value: o, testid: "opponent-" + o, checked: o === opponent || null, onchange: (e) => {
        opponent = o;
        for (const l of opp.querySelectorAll("label")) l.classList.toggle("selected", l.contains(e.target));
      } }), " ", opponentLabel(o, s))));
    const seed = h("input", { type: "number", min: 0, placeholder: "random", testid: "seed", class: "seed" });
    const sdBrief = s.sides.find((x) => x.id === side);
    detail.replaceChildren(
      h("h2", {}, s.title, ownTag(s)), h("p", { class: "muted" }, [s.date, s.location].filter(Boolean).join(" · ")),
      preview,
      h("p", { class: "briefing" }, s.briefing || ""),
      h("div", { class: "form" },
        h("div", {}, h("b", {}, "Your side: "), sides),
        sdBrief && sdBrief.briefing ? h("p", { class: "briefing side" }, sdBrief.briefing) : null,
        h("div", {}, h("b", {}, "Opponent: "), opp),
        h("div", { class: "row" }, h("label", { title: "The same seed rolls the same dice. Left blank, the server draws one and keeps it secret until the game is over." }, h("b", {}, "Dice seed: "), seed)),
        h("button", { class: "primary big", testid: "create-game", onclick: () => create() }, "Start the battle")),
      data.balance_games > 0 ? balanceBox(s, Math.min(200, data.balance_games)) : null);
    // The map is fetched once per scenario and the preview keeps the
    // table's proportions from the start, so the form below it does not
    // jump when the map arrives.
    const draw = (map) => {
      preview.replaceChildren();
      const b = new Board(preview, map, {});
      const colors = Object.fromEntries(map.sides.map((x, i) => [x.id, ["#5d6873", "#6e7c36", "#8a6d3b"][i % 3]]));
      b.drawZones(map.sides, colors);
      // The units the scenario places itself, where they start.
      for (const sd of map.sides) {
        for (const c of sd.companies) {
          for (const u of c.placed || []) {
            const g = b.unitShape(b.gUnits, u, "placed side-" + sd.id, colors[sd.id]);
            g.appendChild(document.createElementNS("http://www.w3.org/2000/svg", "title")).textContent = `${u.type} (${u.id}, ${c.name}): placed by the scenario`;
          }
        }
      }
    };
    const cached = maps.get(s.id);
    if (cached) draw(cached);
    else {
      try {
        const map = await api.map(s.id);
        maps.set(s.id, map);
        if (chosen === s) draw(map);
      } catch (e) {
        preview.replaceChildren(h("p", { class: "muted" }, "No map preview: " + e.message));
      }
    }
    async function create() {
      const body = { scenario: s.id, side, opponent };
      if (seed.value !== "") body.seed = Number(seed.value);
      try {
        const r = await api.create(body);
        saveGame({ id: r.game_id, token: r.seat_token, role: "seat", side: r.side, sideId: r.side_id, scenario: s.id, title: s.title, opponent, join_url: r.join_url, spectator_url: r.spectator_url, spectator_token: r.spectator_token });
        if (r.join_url) showLinks(r);
        else navigate("/games/" + r.game_id);
      } catch (e) {
        toast("Cannot create the game: " + e.message, "error");
      }
    }
  };

  const showLinks = (r) => {
    detail.replaceChildren(h("h2", {}, "Invite your opponent"),
      h("p", {}, "Send this link to your opponent: it holds their seat."),
      copyRow(r.join_url, "join-url"),
      h("p", {}, "Spectators can watch with this link:"), copyRow(r.spectator_url, "spectator-url"),
      h("button", { class: "primary big", testid: "enter-game", onclick: () => navigate("/games/" + r.game_id) }, "Enter the battle"));
  };

  const renderGames = async () => {
    const mine = savedGames();
    let server = [];
    try { server = (await api.games()).games; } catch { /* the list is a nicety */ }
    const status = Object.fromEntries(server.map((g) => [g.game_id, g]));
    games.replaceChildren(...[h("h2", {}, "Your games"),
      mine.length ? h("ul", { class: "game-list", testid: "my-games" }, mine.map((g) => {
        const st = status[g.id];
        return h("li", {}, h("a", { href: "/games/" + g.id, testid: "resume-" + g.id, onclick: (e) => { e.preventDefault(); navigate("/games/" + g.id); } },
          g.title || g.scenario || g.id), " ", h("span", { class: "muted" }, [g.role === "spectator" ? "spectating" : g.sideName || g.sideId, st ? st.status : "", st ? "last move " + new Date(st.updated).toLocaleString() : "", g.opponent || ""].filter(Boolean).join(" · ")),
          st && st.status !== "active" ? h("a", { href: "/replay/" + g.id, class: "small", onclick: (e) => { e.preventDefault(); navigate("/replay/" + g.id); } }, " replay") : null,
          // A finished game's whole log, for sandtable replay (kept by the
          // server even when the game's scenario file is no longer given).
          st && st.status === "over" && g.token ? h("a", { href: `/api/games/${g.id}/log?token=${encodeURIComponent(g.token)}`, download: g.id + ".jsonl", class: "small", testid: "log-" + g.id, title: "The game's log, to replay with sandtable replay" }, " log") : null,
          g.spectator_token ? h("a", { class: "small", href: "/games/" + g.id + "?token=" + g.spectator_token + "&spectate=1" }, " spectator link") : null,
          h("button", { class: "small link", title: "Forget this game in this browser", onclick: () => { forgetGame(g.id); renderGames(); } }, "×"));
      })) : h("p", { class: "muted" }, "None yet: start one above. Games are remembered in this browser."),
      server.length ? h("details", {}, h("summary", {}, `Recent games on this server (${server.length})`),
        h("ul", { class: "game-list", testid: "server-games" }, server.map((g) => h("li", {}, `${g.scenario} · ${g.status} · ${g.players.join(" vs ")} · ${new Date(g.updated).toLocaleString()}`)))) : null].filter(Boolean));
  };

  renderList();
  renderDetail();
  renderGames();
}

function copyRow(url, id) {
  const inp = h("input", { type: "text", readonly: true, value: url, testid: id, class: "url" });
  return h("div", { class: "row" }, inp, h("button", { onclick: () => { inp.select(); navigator.clipboard && navigator.clipboard.writeText(url); toast("Copied", "ok", 1500); } }, "Copy"));
}

export { saveGame };

// ownTag marks a scenario the server was started with from a file of its
// own (sandtable serve --scenario FILE), not one shipped with the game.
function ownTag(s) {
  return s.source === "file" ? h("span", { class: "tag", testid: "own-scenario", title: "From a scenario file given to the server (" + s.id + ")" }, "your file") : null;
}

// balanceBox offers a balance check of scenario s: AI games with the sides
// swapped (POST /api/balance), followed until they are over.
// The latest check of each scenario, so that the result (or the check
// under way) outlasts the lobby's redrawing.
const checks = new Map();

function balanceBox(s, games) {
  const out = h("div", { class: "balance-result", testid: "balance-result" });
  const follow = async (btn, c) => {
    btn.disabled = true;
    if (c.starting) {
      // Asked for by a box the lobby has since redrawn: wait for its answer.
      out.replaceChildren(h("p", { class: "muted" }, "Starting…"));
      try { c = await c.starting; } catch (e) { out.replaceChildren(h("p", { class: "error", testid: "balance-error" }, e.message)); btn.disabled = false; return; }
    }
    while (c.status === "running") {
      out.replaceChildren(h("p", {}, `Playing: ${c.done} of ${c.games} games…`), h("progress", { max: c.games, value: c.done }));
      await new Promise((r) => setTimeout(r, 400));
      if (!out.isConnected) return; // the lobby moved on; the check goes on without us
      try { c = await api.balanceCheck(c.check_id); } catch (e) { checks.delete(s.id); out.replaceChildren(h("p", { class: "error", testid: "balance-error" }, e.message)); btn.disabled = false; return; }
      checks.set(s.id, c);
    }
    btn.disabled = false;
    out.replaceChildren(balanceReport(s, c));
  };
  const run = (btn) => {
    // The check is kept before the server answers, so that a box drawn
    // meanwhile follows it too.
    const starting = api.balance({ scenario: s.id, games });
    const pending = { starting };
    checks.set(s.id, pending);
    starting.then((c) => { if (checks.get(s.id) === pending) checks.set(s.id, c); }, () => { if (checks.get(s.id) === pending) checks.delete(s.id); });
    follow(btn, pending);
  };
  const btn = h("button", { testid: "balance-check", onclick: () => run(btn) }, `Check the balance: ${games} AI games`);
  const box = h("section", { class: "balance" }, h("h3", {}, "Is it balanced?"),
    h("p", { class: "muted small" }, "The scripted AI plays both sides, which swap every other game; the result says which side the battle favours, with 95% intervals. It takes a few seconds to a minute."),
    btn, out);
  const last = checks.get(s.id);
  if (last) follow(btn, last);
  return box;
}

// balanceReport words a finished check.
function balanceReport(s, c) {
  if (c.status !== "done") return h("p", { class: "error", testid: "balance-error" }, `The check ${c.status}: ${c.error || ""}`);
  const sum = c.summary;
  const name = (id) => (s.sides.find((x) => x.id === id) || { name: id }).name;
  const p1 = (x) => (100 * x).toFixed(1) + "%";
  const b = sum.balance;
  const verdict = !b ? "No game was decided."
    : `${name(b.side)} won ${p1(b.share)} of the ${b.decided} decided games [${p1(b.ci95[0])}, ${p1(b.ci95[1])}]: ` +
      (b.favoured ? `the battle favours ${name(b.side)}.` : "no side is clearly favoured at this many games.");
  return h("div", {},
    h("p", { testid: "balance-verdict" }, h("b", {}, verdict)),
    h("table", { class: "calc-table" },
      h("tr", {}, h("th", {}, "Side"), h("th", {}, "Won"), h("th", {}, "Rate [95%]")),
      ...sum.sides.map((id) => h("tr", {}, h("td", {}, name(id)), h("td", {}, sum.wins[id]),
        h("td", {}, `${p1(sum.wins[id] / sum.completed)} [${p1(sum.ci95[id][0])}, ${p1(sum.ci95[id][1])}]`))),
      h("tr", {}, h("td", {}, "Drawn"), h("td", {}, sum.draws), h("td", {}, p1(sum.draws / sum.completed)))),
    h("p", { class: "muted small" }, `${sum.completed} games, ${sum.mean_turns.toFixed(1)} turns on average (seed ${c.seed}). More games, or other agents, from the command line:`),
    h("code", { class: "command", testid: "balance-command" }, c.command));
}
