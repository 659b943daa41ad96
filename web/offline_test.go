package web_test

import (
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// proxy is a TCP proxy to the site that can be taken down and brought
// back on the same address: the server, as the browser sees it, stops.
type proxy struct {
	t       *testing.T
	backend string
	addr    string
	mu      sync.Mutex
	ln      net.Listener
	conns   []net.Conn
}

func newProxy(t *testing.T, backend string) *proxy {
	p := &proxy{t: t, backend: backend}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.down)
	return p
}

func (p *proxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			b, err := net.Dial("tcp", p.backend)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			if p.ln != ln {
				// Taken down while this connection was being dialled:
				// down has already cut the others, so cut this one too,
				// or the browser would keep a way through.
				p.mu.Unlock()
				c.Close()
				b.Close()
				return
			}
			p.conns = append(p.conns, c, b)
			p.mu.Unlock()
			go func() { io.Copy(b, c); b.Close() }()
			go func() { io.Copy(c, b); c.Close() }()
		}
	}()
}

// down stops listening and cuts every connection.
func (p *proxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// up listens again on the same address.
func (p *proxy) up() {
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ {
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		p.t.Fatalf("proxy back on %s: %v", p.addr, err)
	}
	p.serve(ln)
}

// TestServerDownShowsDisconnected stops the server under a game page: a
// lasting "Disconnected — reconnecting…" banner appears, a click that
// cannot reach the server is not called a refusal, and when the server is
// back the banner goes and the game goes on.
func TestServerDownShowsDisconnected(t *testing.T) {
	site := newSiteURL(t)
	px := newProxy(t, strings.TrimPrefix(site, "http://"))
	base := "http://" + px.addr
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-1", "side": "us", "opponent": "scripted", "seed": 1})
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["seat_url"].(string)))
	b.waitFor("the deployment", `window.sandtable && document.body.dataset.pending === "deploy" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	banner := `(() => { const e = document.querySelector("[data-testid=disconnected]"); return !!e && !e.hidden && e.getClientRects().length > 0 && e.textContent; })()`
	if eval[bool](b, `!!`+banner) {
		t.Fatalf("the page shows the disconnected banner while the server is up")
	}

	px.down()
	b.waitFor("the disconnected banner", banner+` === "Disconnected — reconnecting…"`, 10*time.Second)
	b.shot("disconnected")
	// A deployment click cannot reach the server: not a refusal.
	b.click(`[data-testid^="deploy-unit-"]`)
	pt := eval[[]float64](b, `window.sandtable.toScreen(27, 4)`)
	b.do(chromedp.MouseClickXY(pt[0], pt[1]))
	b.waitFor("the failure to be told", `document.querySelector("[data-testid=error]")`, 15*time.Second)
	msg := eval[string](b, `[...document.querySelectorAll("[data-testid=error]")].map((e) => e.textContent).join(" | ")`)
	if strings.Contains(msg, "Refused") || !strings.Contains(msg, "cannot be reached") {
		t.Errorf("the failed click reads %q, want a network failure, not a refusal", msg)
	}
	time.Sleep(2 * time.Second)
	if !eval[bool](b, `!!`+banner) {
		t.Errorf("the disconnected banner went while the server is still down")
	}

	px.up()
	b.waitFor("the banner to clear", `!(`+banner+`)`, 20*time.Second)
	b.idle()
	before := b.state().N
	b.click(`[data-testid^="deploy-unit-"]`)
	b.clickTable(27, 4)
	b.waitFor("the deployment to land after reconnecting", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, before), 10*time.Second)
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
