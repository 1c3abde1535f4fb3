import type { CampaignRecipientInput } from '../contract/emails';

interface ClientLike {
  client_number: string;
  activation_code: string;
  firstname: string;
  lastname: string;
  langage: string | null;
  email1: string | null;
  email2: string | null;
}
interface UserLike {
  _id: string;
  client_number: string | null;
  firstname: string;
  lastname: string;
  email: string;
  langage: string | null;
}

const LANG = /^(fr|en|de|nl|it|es|pt)$/;
const langOf = (...values: (string | null | undefined)[]) => values.find((v) => v && LANG.test(v)) ?? null;

/**
 * The addresses of a send to chosen guests (002 §2 'Send e-mails'): each client's first e-mail when
 * clients are included, each app user's when users are; an address once, the client's entry first.
 * A user carries their client's code (#code, #lien) and their own language, else their client's.
 */
export function buildEmailList(
  clients: readonly ClientLike[],
  users: readonly UserLike[],
  include: { clients: boolean; users: boolean },
): (CampaignRecipientInput & { email: string; client_number: string | null })[] {
  const byNumber = new Map(clients.map((c) => [c.client_number, c]));
  const out: (CampaignRecipientInput & { email: string; client_number: string | null })[] = [];
  const seen = new Set<string>();
  const add = (r: CampaignRecipientInput & { email: string; client_number: string | null }) => {
    const key = r.email.trim().toLowerCase();
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push({ ...r, email: r.email.trim() });
  };
  if (include.clients) {
    for (const c of clients) {
      const email = c.email1?.trim() || c.email2?.trim();
      if (email) add({ client_number: c.client_number, email, firstname: c.firstname, lastname: c.lastname, code: c.activation_code, lang: langOf(c.langage) as never, user: null });
    }
  }
  if (include.users) {
    for (const u of users) {
      const c = u.client_number ? byNumber.get(u.client_number) : undefined;
      add({ client_number: u.client_number, email: u.email, firstname: u.firstname, lastname: u.lastname, code: c?.activation_code ?? null, lang: langOf(u.langage, c?.langage) as never, user: u._id });
    }
  }
  return out;
}
