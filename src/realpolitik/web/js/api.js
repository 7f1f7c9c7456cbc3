// JSON over HTTP with the server's errors turned into exceptions carrying its sentence.

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
  return answer(await fetch(url, { headers: { accept: "application/json" } }));
}

export async function postJSON(url, body) {
  return answer(await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  }));
}
