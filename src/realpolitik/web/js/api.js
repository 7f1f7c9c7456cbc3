// JSON over HTTP with the server's errors turned into exceptions carrying its sentence. Every
// request names the page's language (the server chose it and set <html lang>), so what the
// server answers in words — a game's summary, a refusal — is in the page's language, whichever
// way the page's was chosen (an address's ?lang=, the cookie, the browser's languages).

/** ``url`` naming the page's language, unless it names one already. */
function inLanguage(url) {
  const address = new URL(url, location.origin);
  if (!address.searchParams.has("lang")) address.searchParams.set("lang", document.documentElement.lang || "en");
  return address.pathname + address.search;
}

async function answer(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new Error(`The server answered ${response.status} without JSON.`);
  }
  if (!response.ok) throw new Error(data && data.error ? data.error : `The server answered ${response.status}.`);
  return data;
}

export async function getJSON(url) {
  return answer(await fetch(inLanguage(url), { headers: { accept: "application/json" } }));
}

let session = null;

/** The signed-in player's CSRF token (asked once), or null for a guest. */
async function csrfToken() {
  if (session === null) {
    const me = await getJSON("/api/account").catch(() => ({ user: null }));
    session = { csrf: me.user ? me.csrf : null };
  }
  return session.csrf;
}

/** POST JSON; a signed-in player's request carries the session's CSRF token, as the server asks. */
export async function postJSON(url, body) {
  const headers = { "content-type": "application/json", accept: "application/json" };
  const csrf = await csrfToken();
  if (csrf) headers["x-csrf-token"] = csrf;
  return answer(await fetch(inLanguage(url), { method: "POST", headers, body: JSON.stringify(body) }));
}
