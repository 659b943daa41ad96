// Package web is Sandtable's browser UI: plain HTML, CSS and JavaScript
// modules embedded into the binary, with no build step. The page talks to
// the game server's JSON API (/api/...) and WebSocket stream only.
//
// Handler serves the static files, the single page for "/",
// "/games/{id}" (the link a seat or spectator token opens) and
// "/replay/{id}" (the replay viewer of a finished game) and "/odds" (the
// shot calculator, for a game on a real table: GET /api/odds), and, until
// the API offers it, a scenario's map as JSON under
// "/maps/{scenario id}.json" (table, terrain, deployment zones, companies
// and batteries) from the catalog it is handed: the built-in scenarios and
// any scenario files the server was started with.
package web

// The browser tests (chromedp, headless Chromium at /usr/bin/chromium)
// save screenshots to $SANDTABLE_ARTIFACTS/screenshots or a temporary
// directory; with SANDTABLE_UPDATE_SCREENSHOTS=1 they also refresh the
// reviewed ones in testdata/screenshots.
