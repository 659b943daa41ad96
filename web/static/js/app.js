// Sandtable's page: a small router over the lobby, the game and the
// replay viewer.

import { savedGame, saveGame } from "./api.js";
import { showLobby } from "./lobby.js";
import { Game } from "./game.js";
import { showReplay, stopReplay } from "./replay.js";
import { showCalculator } from "./calculator.js";
import { h, toast } from "./util.js";

let current = null;

function navigate(path) {
  history.pushState({}, "", path);
  route();
}

async function route() {
  const root = document.getElementById("app");
  if (current) { current.stop(); current = null; }
  stopReplay();
  document.body.dataset.pending = "";
  document.body.dataset.page = "";
  const url = new URL(location.href);
  let m = url.pathname.match(/^\/games\/([0-9a-zA-Z_-]+)$/);
  const r = url.pathname.match(/^\/replay\/([0-9a-zA-Z_-]+)$/);
  if (m || r) {
    const id = (m || r)[1];
    let token = url.searchParams.get("token");
    if (token) {
      // Keep the token in this browser, out of the address bar and history.
      saveGame({ id, token, role: url.searchParams.get("spectate") ? "spectator" : undefined });
      history.replaceState({}, "", url.pathname);
    } else {
      const g = savedGame(id);
      token = g && g.token;
    }
    if (!token) {
      root.replaceChildren(h("div", { class: "notice" }, h("h2", {}, "No seat for this game in this browser"),
        h("p", {}, "Open the link you were given (it carries your token), or start a game from the lobby."), h("a", { href: "/" }, "To the lobby")));
      return;
    }
    try {
      if (r) { document.body.dataset.page = "replay"; await showReplay(root, id, token); return; }
      document.body.dataset.page = "game";
      current = new Game(root, id, token);
      await current.start();
    } catch (e) {
      root.replaceChildren(h("div", { class: "notice" }, h("h2", {}, "Cannot open the game"), h("p", { testid: "open-error" }, e.message), h("a", { href: "/" }, "To the lobby")));
      toast(e.message, "error");
    }
    return;
  }
  if (url.pathname === "/odds") {
    document.body.dataset.page = "odds";
    current = showCalculator(root);
    await current.ready;
    return;
  }
  document.body.dataset.page = "lobby";
  await showLobby(root, navigate);
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[data-testid=home], a[data-testid=odds-link]");
  if (a) { e.preventDefault(); navigate(a.getAttribute("href")); }
});
route();
