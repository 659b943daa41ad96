// Small DOM helpers.

// h builds an HTML element: h("button", {class: "x", onclick}, "text", child...).
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "testid") e.setAttribute("data-testid", v);
    else if (k === "html") e.innerHTML = v;
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return e;
}

let toastSeq = 0;

// toast shows a message for a while; kind is "error", "info" or "ok".
export function toast(msg, kind = "info", ms = 6000) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const t = h("div", { class: "toast " + kind, role: kind === "error" ? "alert" : "status", testid: kind === "error" ? "error" : "toast", "data-seq": ++toastSeq }, msg);
  t.addEventListener("click", () => t.remove());
  box.appendChild(t);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => t.remove(), ms);
}

export const fmt1 = (x) => (Math.round(x * 10) / 10).toFixed(1);
export const pct = (p) => (p * 100 < 0.5 && p > 0 ? "<1" : Math.round(p * 100)) + "%";
