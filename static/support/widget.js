/*
 * The support desk's chat widget. A shop pastes one tag into its pages:
 *
 *   <script src="https://HOST/static/support/widget.js" data-api="https://HOST"
 *           data-shop="SHOP" data-lang="es|en" data-title="Help" async></script>
 *
 * A shop whose customer is signed in on its site adds what its server signed
 * (README, "Identity from the shop"): data-customer, data-customer-email,
 * data-customer-issued and data-customer-signature — or calls, after load,
 * window.SupportDesk.identify({id, email, issued_at, signature}).
 *
 * data-shop names the shop (the `shop:` of its documents): answers come from its
 * documents and the shared ones only.
 *
 * It draws a launcher button and a chat panel inside a shadow root, so the shop's
 * CSS cannot reach it (and its CSS cannot reach the shop). It talks to the API of
 * the support desk (support/api.py):
 *
 *   POST /api/conversations/                      {shop}      -> 201 {id, token, ...}
 *   POST /api/conversations/{id}/messages/        {text}      -> 202 the customer's message
 *   GET  /api/conversations/{id}/messages/?after=N            -> {messages: [...]}
 *
 * Starting a conversation returns its token, which every later call sends in the
 * X-Conversation-Token header: no cookie is needed, so a browser that blocks
 * third-party cookies keeps the conversation (calls to another origin are made
 * without credentials; on the desk's own pages the session cookie works too). The
 * conversation id, its token and the customer's own messages (the API's GET returns
 * the replies only) are kept in localStorage, so a reload continues the
 * conversation. Every piece of text from the server or the customer is inserted with
 * textContent: a document or a message that holds <script> shows it as text.
 */
(function () {
  "use strict";

  var TAG = "support-desk-widget";
  if (!window.customElements || !Element.prototype.attachShadow) return; // too old a browser
  if (window.customElements.get(TAG)) return; // the snippet was pasted twice
  window.customElements.define(TAG, class extends HTMLElement {});

  var script =
    document.currentScript || document.querySelector('script[src*="support/widget.js"]');
  if (!script) return;

  var STRINGS = {
    en: {
      launcher: "Chat with us",
      unread: function (n) {
        return n === 1 ? "1 new message" : n + " new messages";
      },
      title: "Customer support",
      close: "Close chat",
      log: "Conversation",
      welcome: "Hi! Ask about delivery, returns, payment or your order.",
      input: "Your message",
      hint: "Enter sends, Shift+Enter starts a new line.",
      send: "Send",
      typing: "The assistant is writing an answer…",
      slow: "This is taking longer than usual. We are still on it.",
      you: "You",
      assistant: "Assistant",
      staff: "Support team",
      person: "a person",
      sources: "Sources:",
      handedOff: "A person from our team has this conversation now and will reply here.",
      closed: "This conversation is closed.",
      restart: "Start a new conversation",
      tooLong: "The message is too long: at most 2000 characters.",
      busy: "Too many messages at once. Please wait a moment and send it again.",
      offline: "Support cannot be reached right now. We will keep trying.",
      failed: "The message could not be sent. Please try again.",
      expired: "The earlier conversation is no longer available; a new one starts here.",
      newTab: "(opens in a new tab)",
      identity: "We could not confirm your account. Please reload the page.",
    },
    es: {
      launcher: "Chateá con nosotros",
      unread: function (n) {
        return n === 1 ? "1 mensaje nuevo" : n + " mensajes nuevos";
      },
      title: "Atención al cliente",
      close: "Cerrar el chat",
      log: "Conversación",
      welcome: "¡Hola! Preguntanos por envíos, devoluciones, pagos o tu pedido.",
      input: "Tu mensaje",
      hint: "Enter envía, Shift+Enter agrega una línea.",
      send: "Enviar",
      typing: "El asistente está escribiendo una respuesta…",
      slow: "Está tardando más de lo normal. Seguimos con tu consulta.",
      you: "Vos",
      assistant: "Asistente",
      staff: "Equipo de atención",
      person: "una persona",
      sources: "Fuentes:",
      handedOff: "Una persona de nuestro equipo tomó esta conversación y te va a responder acá.",
      closed: "Esta conversación está cerrada.",
      restart: "Empezar una conversación nueva",
      tooLong: "El mensaje es demasiado largo: como máximo 2000 caracteres.",
      busy: "Demasiados mensajes seguidos. Esperá un momento y volvé a enviarlo.",
      offline: "No podemos conectar con atención al cliente ahora. Seguimos intentando.",
      failed: "No se pudo enviar el mensaje. Probá de nuevo.",
      expired: "La conversación anterior ya no está disponible; acá empieza una nueva.",
      newTab: "(se abre en una pestaña nueva)",
      identity: "No pudimos confirmar tu cuenta. Recargá la página.",
    },
  };

  // Polling: every second while an answer is being produced (backing off a little
  // if it takes long), slower when nothing is expected, slowest with the panel closed.
  var POLL_WAITING_MS = [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1500, 2000, 3000];
  var POLL_WAITING_MAX_MS = 5000;
  var POLL_PERSON_MS = 4000; // handed to a person: a reply can come any time
  var POLL_IDLE_OPEN_MS = 10000;
  var POLL_IDLE_CLOSED_MS = 30000;
  var POLL_HIDDEN_MS = 60000;
  var SLOW_AFTER_MS = 20000;
  var MAX_KEPT = 100;

  function scriptOrigin() {
    try {
      return new URL(script.src, document.baseURI).origin;
    } catch (e) {
      return window.location.origin;
    }
  }

  var apiBase = (script.getAttribute("data-api") || scriptOrigin()).replace(/\/+$/, "");
  var sameOrigin = (function () {
    try {
      return new URL(apiBase, document.baseURI).origin === window.location.origin;
    } catch (e) {
      return false;
    }
  })();

  function pickLanguage(value) {
    value = String(value || "").toLowerCase().slice(0, 2);
    return STRINGS[value] ? value : null;
  }

  var askedLanguage =
    pickLanguage(script.getAttribute("data-lang")) ||
    pickLanguage(document.documentElement.getAttribute("lang")) ||
    "en";
  var customTitle = script.getAttribute("data-title") || "";
  var shop = script.getAttribute("data-shop") || "";

  // The shop's signed-in customer, as the shop's server signed them (or null).
  function readIdentity(source) {
    if (!source || !source.id || !source.signature) return null;
    return {
      id: String(source.id),
      email: String(source.email || ""),
      issued_at: Number(source.issued_at),
      signature: String(source.signature),
    };
  }
  var identity = readIdentity({
    id: script.getAttribute("data-customer"),
    email: script.getAttribute("data-customer-email"),
    issued_at: script.getAttribute("data-customer-issued"),
    signature: script.getAttribute("data-customer-signature"),
  });
  var stylesheet = script.src
    ? new URL("widget.css", script.src).href
    : apiBase + "/static/support/widget.css";

  // --- storage (localStorage can be unavailable: then the widget forgets on reload) ---
  // One conversation per site and shop: two shops served by one desk never share one.
  var storageKey = "support-desk:" + apiBase + (shop ? "#" + shop : "");
  var memory = null;

  function load() {
    try {
      var raw = window.localStorage.getItem(storageKey);
      return raw ? JSON.parse(raw) : null;
    } catch (e) {
      return memory;
    }
  }

  function save() {
    var data = {
      v: 2,
      id: state.id,
      token: state.token,
      who: state.who,
      language: state.language,
      status: state.status,
      open: state.open,
      mine: state.mine.slice(-MAX_KEPT),
    };
    memory = data;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(data));
    } catch (e) {
      /* private mode or full: keep it in memory */
    }
  }

  function forget() {
    memory = null;
    try {
      window.localStorage.removeItem(storageKey);
    } catch (e) {
      /* nothing stored */
    }
  }

  var stored = load() || {};
  var state = {
    id: stored.id || null,
    token: stored.token || null, // the conversation's X-Conversation-Token
    who: stored.who || "", // the signed customer's id the conversation was started for
    language: pickLanguage(stored.language) || askedLanguage,
    status: stored.status || "bot",
    open: !!stored.open,
    mine: Array.isArray(stored.mine) ? stored.mine : [], // the customer's own messages
    lastId: 0, // the highest reply id seen
    shown: {}, // message ids already on screen
    pending: 0, // customer messages still waiting for their reply
    waitingSince: 0,
    waitingPolls: 0,
    unread: 0,
    timer: null,
    polling: false,
    failures: 0,
    retryAfter: 0, // seconds, from a 429's Retry-After
    sending: false,
  };

  function t(key) {
    return STRINGS[state.language][key];
  }

  // --- DOM --------------------------------------------------------------------
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (name) {
        node.setAttribute(name, attrs[name]);
      });
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  var host = document.createElement(TAG);
  var root = host.attachShadow({ mode: "open" });
  // Until the stylesheet is in, nothing shows (no flash of an unstyled panel).
  // A constructed stylesheet where the browser has them: a page whose
  // Content-Security-Policy has no 'unsafe-inline' for styles still applies it.
  var bootCss = ":host{all:initial!important}.sd{visibility:hidden}";
  var bootStyle = null;
  if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === "function") {
    try {
      var bootSheet = new CSSStyleSheet();
      bootSheet.replaceSync(bootCss);
      root.adoptedStyleSheets = [bootSheet];
    } catch (e) {
      bootStyle = null;
    }
  }
  if (!root.adoptedStyleSheets || !root.adoptedStyleSheets.length) {
    bootStyle = el("style");
    bootStyle.textContent = bootCss;
  }
  var link = el("link", { rel: "stylesheet", href: stylesheet });

  var wrapper = el("div", { class: "sd", part: "widget" });
  var launcher = el("button", {
    type: "button",
    class: "sd-launcher",
    "aria-expanded": "false",
    "aria-controls": "sd-panel",
  });
  var launcherIcon = el("span", { class: "sd-launcher-icon", "aria-hidden": "true" });
  var launcherLabel = el("span", { class: "sd-launcher-label" });
  var badge = el("span", { class: "sd-badge" });
  badge.hidden = true;
  launcher.append(launcherIcon, launcherLabel, badge);

  var panel = el("section", {
    id: "sd-panel",
    class: "sd-panel",
    role: "dialog",
    "aria-modal": "false",
    "aria-labelledby": "sd-title",
  });
  panel.hidden = true;
  var header = el("header", { class: "sd-header" });
  var title = el("h2", { id: "sd-title", class: "sd-title" });
  var closeButton = el("button", { type: "button", class: "sd-close" });
  var closeIcon = el("span", { "aria-hidden": "true" }, "×");
  closeButton.append(closeIcon);
  header.append(title, closeButton);

  var notice = el("div", { class: "sd-notice", role: "status" });
  notice.hidden = true;
  var noticeText = el("p", { class: "sd-notice-text" });
  var restartButton = el("button", { type: "button", class: "sd-restart" });
  restartButton.hidden = true;
  notice.append(noticeText, restartButton);

  var log = el("div", {
    class: "sd-log",
    role: "log",
    "aria-live": "polite",
    "aria-relevant": "additions",
    tabindex: "0",
  });
  var welcome = el("p", { class: "sd-welcome" });
  log.append(welcome);

  var typing = el("div", { class: "sd-typing", role: "status" });
  var typingDots = el("span", { class: "sd-dots", "aria-hidden": "true" });
  typingDots.append(el("span"), el("span"), el("span"));
  var typingText = el("span", { class: "sd-typing-text" });
  typing.append(typingDots, typingText);
  typing.hidden = true;

  var error = el("p", { class: "sd-error", role: "alert" });
  error.hidden = true;

  var form = el("form", { class: "sd-form", novalidate: "" });
  var inputLabel = el("label", { for: "sd-input", class: "sd-visually-hidden" });
  var hint = el("span", { id: "sd-hint", class: "sd-visually-hidden" });
  var input = el("textarea", {
    id: "sd-input",
    class: "sd-input",
    rows: "2",
    maxlength: "2000",
    "aria-describedby": "sd-hint",
    autocomplete: "off",
  });
  var sendButton = el("button", { type: "submit", class: "sd-send" });
  form.append(inputLabel, hint, input, sendButton);

  panel.append(header, notice, log, typing, error, form);
  wrapper.append(panel, launcher);
  if (bootStyle) root.append(bootStyle);
  root.append(link, wrapper);
  link.addEventListener("load", function () {
    wrapper.classList.add("sd-ready");
  });
  link.addEventListener("error", function () {
    wrapper.classList.add("sd-ready", "sd-unstyled");
  });

  function applyLanguage() {
    host.setAttribute("lang", state.language);
    wrapper.setAttribute("lang", state.language);
    launcherLabel.textContent = t("launcher");
    title.textContent = customTitle || t("title");
    closeButton.setAttribute("aria-label", t("close"));
    log.setAttribute("aria-label", t("log"));
    welcome.textContent = t("welcome");
    inputLabel.textContent = t("input");
    hint.textContent = t("hint");
    sendButton.textContent = t("send");
    typingText.textContent = t("typing");
    restartButton.textContent = t("restart");
    var shown = log.querySelectorAll(".sd-msg");
    for (var i = 0; i < shown.length; i++) {
      labelWho(shown[i].querySelector(".sd-who"), shown[i].getAttribute("data-role"));
      var label = shown[i].querySelector(".sd-sources-label");
      if (label) label.textContent = t("sources");
    }
    updateBadge();
    updateNotice();
  }

  function updateBadge() {
    badge.hidden = state.unread === 0;
    badge.textContent = state.unread ? String(state.unread) : "";
    launcher.setAttribute(
      "aria-label",
      state.unread ? t("launcher") + " (" + t("unread")(state.unread) + ")" : t("launcher")
    );
  }

  function updateNotice() {
    var status = state.status;
    wrapper.setAttribute("data-status", status);
    if (status === "handed_off") {
      noticeText.textContent = t("handedOff");
    } else if (status === "closed") {
      noticeText.textContent = t("closed");
    }
    notice.hidden = status !== "handed_off" && status !== "closed";
    notice.className = "sd-notice sd-notice--" + status;
    restartButton.hidden = status !== "closed";
    var hadFocus = root.activeElement === input || root.activeElement === sendButton;
    input.disabled = status === "closed";
    // A closed conversation takes the message box away: keep the focus in the panel.
    if (status === "closed" && hadFocus) restartButton.focus();
    sendButton.disabled = status === "closed" || state.sending;
    updateTyping();
  }

  function updateTyping() {
    var waiting = state.pending > 0 && state.status === "bot";
    typing.hidden = !waiting;
    if (waiting && Date.now() - state.waitingSince > SLOW_AFTER_MS) {
      typingText.textContent = t("slow");
    } else {
      typingText.textContent = t("typing");
    }
    wrapper.classList.toggle("sd-waiting", waiting);
  }

  function showError(message, kind) {
    error.textContent = message || "";
    error.hidden = !message;
    error.setAttribute("data-kind", message ? kind || "error" : "");
  }

  function safeUrl(value) {
    if (!value) return null;
    try {
      var url = new URL(value, apiBase + "/");
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  function renderSources(sources) {
    var seen = {};
    var items = (sources || []).filter(function (s) {
      if (!s || !s.source || seen[s.source]) return false;
      seen[s.source] = true;
      return true;
    });
    if (!items.length) return null;
    var box = el("div", { class: "sd-sources" });
    box.append(el("p", { class: "sd-sources-label" }, t("sources")));
    var list = el("ul");
    items.forEach(function (s) {
      var item = el("li", { "data-source": s.source });
      var href = safeUrl(s.url);
      if (href) {
        var a = el("a", { href: href, target: "_blank", rel: "noopener noreferrer" });
        a.textContent = s.title || s.source;
        a.append(el("span", { class: "sd-visually-hidden" }, " " + t("newTab")));
        item.append(a);
      } else {
        item.textContent = s.title ? s.title + " (" + s.source + ")" : s.source;
      }
      list.append(item);
    });
    box.append(list);
    return box;
  }

  function labelWho(who, role) {
    if (role === "customer") {
      who.textContent = t("you");
    } else if (role === "staff") {
      who.textContent = t("staff");
      who.append(el("span", { class: "sd-person" }, t("person")));
    } else {
      who.textContent = t("assistant");
    }
  }

  function renderMessage(message) {
    var key = String(message.id);
    if (message.id != null && state.shown[key]) return false;
    if (message.id != null) state.shown[key] = true;
    var role = message.role === "staff" || message.role === "customer" ? message.role : "assistant";
    var item = el("div", {
      class: "sd-msg sd-msg--" + role,
      "data-role": role,
      "data-id": key,
    });
    var who = el("p", { class: "sd-who" });
    labelWho(who, role);
    var text = el("p", { class: "sd-text" }, message.text);
    item.append(who, text);
    if (role !== "customer") {
      var sources = renderSources(message.sources);
      if (sources) item.append(sources);
    }
    // Keep the log in id order (a reload merges the server's replies with our own).
    var after = null;
    if (message.id != null) {
      var nodes = log.querySelectorAll(".sd-msg[data-id]");
      for (var i = 0; i < nodes.length; i++) {
        if (Number(nodes[i].getAttribute("data-id")) > Number(message.id)) {
          after = nodes[i];
          break;
        }
      }
    }
    var nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
    log.insertBefore(item, after);
    if (nearBottom || role === "customer") log.scrollTop = log.scrollHeight;
    return true;
  }

  // --- API ----------------------------------------------------------------------
  function csrfToken() {
    if (!sameOrigin) return null; // another site's cookie cannot be read (or needed)
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : null;
  }

  function ApiError(status, body, retryAfter) {
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  function call(method, path, body) {
    var headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    var csrf = method !== "GET" ? csrfToken() : null;
    if (csrf) headers["X-CSRFToken"] = csrf;
    if (state.token) headers["X-Conversation-Token"] = state.token;
    return fetch(apiBase + path, {
      method: method,
      // Another origin gets no cookie at all (the token is enough); the desk's own
      // pages may also use the session.
      credentials: sameOrigin ? "same-origin" : "omit",
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (data) {
          if (!response.ok) {
            var retry = Number(response.headers.get("Retry-After")) || 0;
            throw new ApiError(response.status, data, retry);
          }
          return data;
        });
    });
  }

  function noteConversation(data) {
    // The conversation's status and language, wherever the API gives them.
    if (!data) return;
    var status = data.status || data.conversation_status;
    var language = pickLanguage(data.language || data.conversation_language);
    var changed = false;
    if (status && status !== state.status) {
      state.status = status;
      changed = true;
    }
    if (language && language !== state.language) {
      state.language = language;
      applyLanguage();
      changed = true;
    }
    if (changed) {
      updateNotice();
      save();
    }
  }

  function receive(messages, resuming) {
    var fresh = 0;
    messages.forEach(function (message) {
      if (typeof message.id === "number") state.lastId = Math.max(state.lastId, message.id);
      if (!renderMessage(message) || message.role === "customer") return;
      fresh += 1;
      // One reply per customer message (staff messages answer nothing).
      if (!resuming && message.role === "assistant" && state.pending > 0) state.pending -= 1;
    });
    if (messages.length) noteConversation(messages[messages.length - 1]);
    if (fresh && !state.open && !resuming) {
      state.unread += fresh;
      updateBadge();
    }
    if (state.pending === 0) state.waitingPolls = 0;
    updateTyping();
  }

  function poll() {
    if (!state.id || state.polling) return Promise.resolve();
    state.polling = true;
    var id = state.id;
    var path = "/api/conversations/" + encodeURIComponent(id) + "/messages/?after=" + state.lastId;
    return call("GET", path)
      .then(function (data) {
        if (id !== state.id) return;
        state.failures = 0;
        if (error.getAttribute("data-kind") === "offline") showError("");
        noteConversation(data);
        receive((data && data.messages) || []);
      })
      .catch(function (err) {
        if (id !== state.id) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 401)) {
          restart(t("expired"));
          return;
        }
        state.failures += 1;
        if (err instanceof ApiError && err.status === 429) {
          state.retryAfter = err.retryAfter;
        } else if (state.failures >= 3) {
          showError(t("offline"), "offline");
        }
      })
      .then(function () {
        state.polling = false;
        schedule();
      });
  }

  function nextDelay() {
    var delay;
    if (state.pending > 0 && state.status === "bot") {
      delay = POLL_WAITING_MS[state.waitingPolls] || POLL_WAITING_MAX_MS;
      state.waitingPolls += 1;
    } else if (state.status === "handed_off") {
      delay = state.open ? POLL_PERSON_MS : POLL_IDLE_OPEN_MS;
    } else {
      delay = state.open ? POLL_IDLE_OPEN_MS : POLL_IDLE_CLOSED_MS;
    }
    if (document.hidden) {
      delay = Math.max(delay, state.pending ? POLL_WAITING_MAX_MS : POLL_HIDDEN_MS);
    }
    if (state.failures) {
      delay = Math.max(delay, Math.min(60000, 1000 * Math.pow(2, state.failures)));
    }
    if (state.retryAfter) {
      delay = Math.max(delay, state.retryAfter * 1000);
      state.retryAfter = 0;
    }
    return delay;
  }

  function schedule(delay) {
    window.clearTimeout(state.timer);
    state.timer = null;
    if (!state.id || state.status === "closed") return;
    state.timer = window.setTimeout(poll, delay === undefined ? nextDelay() : delay);
  }

  function startConversation() {
    // No language is sent: the customer's first message decides the conversation's
    // language, and the widget's words follow it (until then, data-lang's).
    var body = shop ? { shop: shop } : {};
    if (identity) body.customer = identity;
    // The old conversation's token goes along once, so the desk revokes it.
    return call("POST", "/api/conversations/", body).then(function (data) {
      state.id = data.id;
      state.token = data.token || null;
      state.who = identity ? identity.id : "";
      state.status = data.status || "bot";
      state.mine = [];
      state.lastId = 0;
      state.shown = {};
      noteConversation(data);
      save();
      return data.id;
    });
  }

  function restart(message) {
    window.clearTimeout(state.timer);
    state.id = null;
    // The token stays in memory until the next start sends it to be revoked.
    state.status = "bot";
    state.mine = [];
    state.lastId = 0;
    state.pending = 0;
    state.shown = {};
    forget();
    var old = log.querySelectorAll(".sd-msg");
    for (var i = 0; i < old.length; i++) old[i].remove();
    updateNotice();
    showError(message || "", "expired");
  }

  function send(text) {
    if (state.sending) return;
    state.sending = true;
    sendButton.disabled = true;
    showError("");
    var retried = false;
    var attempt = function () {
      var ready = state.id ? Promise.resolve(state.id) : startConversation();
      return ready.then(function (id) {
        return call("POST", "/api/conversations/" + encodeURIComponent(id) + "/messages/", {
          text: text,
        });
      });
    };
    attempt()
      .catch(function (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 401) && !retried) {
          retried = true; // the conversation's token has expired or is gone: start over once
          restart();
          return attempt();
        }
        throw err;
      })
      .then(function (message) {
        input.value = "";
        var mine = { id: message.id, role: "customer", text: message.text, sources: [] };
        state.mine.push(mine);
        renderMessage(mine);
        noteConversation(message);
        if (state.status === "bot") {
          if (state.pending === 0) {
            state.waitingSince = Date.now();
            state.waitingPolls = 0;
          }
          state.pending += 1;
        }
        save();
        updateTyping();
        schedule(POLL_WAITING_MS[0]);
      })
      .catch(function (err) {
        if (err instanceof ApiError && err.status === 422) {
          // A signed customer the desk refused: say so, never go on as someone else.
          if (window.console && err.body) window.console.error("support desk:", err.body.detail);
          showError(t("identity"));
        } else if (err instanceof ApiError && err.status === 400) {
          var detail = err.body && err.body.text && err.body.text[0];
          showError(detail || t("tooLong"));
        } else if (err instanceof ApiError && err.status === 429) {
          showError(t("busy"));
        } else if (err instanceof ApiError && err.status === 409) {
          // closed by a person meanwhile: show the closed state and its restart button
          noteConversation({ status: "closed" });
          return;
        } else {
          showError(t("failed"));
        }
        input.focus();
      })
      .then(function () {
        state.sending = false;
        sendButton.disabled = state.status === "closed";
      });
  }

  // --- open, close, keyboard -------------------------------------------------------
  function open(focus) {
    state.open = true;
    panel.hidden = false;
    launcher.setAttribute("aria-expanded", "true");
    wrapper.classList.add("sd-open");
    state.unread = 0;
    updateBadge();
    log.scrollTop = log.scrollHeight;
    if (focus !== false) input.focus();
    save();
    if (state.id) schedule(0);
  }

  function close() {
    state.open = false;
    panel.hidden = true;
    launcher.setAttribute("aria-expanded", "false");
    wrapper.classList.remove("sd-open");
    launcher.focus();
    save();
    schedule();
  }

  launcher.addEventListener("click", function () {
    if (state.open) close();
    else open(true);
  });
  closeButton.addEventListener("click", close);
  restartButton.addEventListener("click", function () {
    restart();
    input.focus();
  });
  root.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && state.open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      if (typeof form.requestSubmit === "function") form.requestSubmit();
      else form.dispatchEvent(new Event("submit", { cancelable: true }));
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text || state.status === "closed") return;
    if (text.length > 2000) {
      showError(t("tooLong"));
      return;
    }
    send(text);
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && state.id) schedule(0);
  });

  // --- start -------------------------------------------------------------------------
  function resume() {
    if (!state.id) return;
    // Our own messages from storage, then every reply from the server, in id order.
    state.mine.forEach(renderMessage);
    state.polling = true;
    var id = state.id;
    call("GET", "/api/conversations/" + encodeURIComponent(id) + "/messages/?after=0")
      .then(function (data) {
        var replies = (data && data.messages) || [];
        var lastReply = 0;
        replies.forEach(function (m) {
          if (m.role === "assistant") lastReply = Math.max(lastReply, m.id);
        });
        // A message of ours newer than the last reply is still being answered.
        state.pending = state.mine.filter(function (m) {
          return m.id > lastReply;
        }).length;
        state.waitingSince = Date.now();
        noteConversation(data);
        receive(replies, true);
      })
      .catch(function (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 401)) restart();
      })
      .then(function () {
        state.polling = false;
        if (state.id) schedule(state.pending ? POLL_WAITING_MS[0] : undefined);
      });
  }

  // A conversation started for another signed customer (or for a visitor who has
  // since signed in) is not continued: the new identity gets its own conversation.
  function sameCustomer() {
    return (identity ? identity.id : "") === state.who;
  }

  window.SupportDesk = window.SupportDesk || {};
  window.SupportDesk.identify = function (given) {
    identity = readIdentity(given);
    if (state.id && !sameCustomer()) restart();
  };

  applyLanguage();
  (document.body || document.documentElement).appendChild(host);
  if (state.id && !sameCustomer()) {
    state.id = null;
    state.mine = [];
    forget();
  }
  if (state.open) open(false);
  resume();
})();
