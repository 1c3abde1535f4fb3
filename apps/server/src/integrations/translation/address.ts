/**
 * The translation provider's address (DEEPL_URL), parsed once when the environment is read, and the
 * text the client is given is the one checked here: https to any host, or http to this machine only (a
 * stand-in started beside the server: the tests', the journeys'); no user, password, query or fragment
 * (a key goes in DEEPL_API_KEY, never in an address that logs print). Throws a French sentence.
 */
export function providerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('une adresse complète est attendue, par exemple https://api.deepl.com');
  }
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) throw new Error('https est obligatoire (http seulement vers cette machine : 127.0.0.1)');
  if (url.username || url.password || url.search || url.hash) throw new Error("l'adresse ne doit contenir ni identifiant, ni mot de passe, ni paramètres (la clé va dans DEEPL_API_KEY)");
  if (url.pathname !== '/') throw new Error("seule l'adresse du service est attendue, sans chemin (https://api.deepl.com)");
  return url.origin;
}
