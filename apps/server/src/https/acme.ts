import * as acme from 'acme-client';
import type { Db } from '../db/client';
import { dropChallenge, putChallenge, readAccount, saveAccount, saveAccountUrl, type StoredCertificate } from './tls.repository';

export interface AcmeSettings {
  directory: string;
  email?: string;
}

/**
 * Orders one certificate for `names` from the ACME directory with the `acme-client` library: the account
 * (made once, kept in the database so that every instance uses it), an ECDSA key, HTTP-01 challenges whose
 * answers are written to the database, where the HTTP_PORT of any instance reads them (http.ts).
 */
export async function orderCertificate(db: Db, acmeSettings: AcmeSettings, names: string[], now: () => number): Promise<StoredCertificate> {
  const { directory, email } = acmeSettings;
  const account = (await readAccount(db, directory)) ?? (await saveAccount(db, directory, (await acme.crypto.createPrivateEcdsaKey()).toString()));
  const client = new acme.Client({ directoryUrl: directory, accountKey: account.key, accountUrl: account.url ?? undefined });
  const [key, csr] = await acme.crypto.createCsr({ commonName: names[0], altNames: names }, await acme.crypto.createPrivateEcdsaKey());
  const cert = await client.auto({
    csr,
    email,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // the ACME server checks the names for real; this machine often cannot reach its own public name
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
      await putChallenge(db, challenge.token, keyAuthorization, now());
    },
    challengeRemoveFn: async (_authz, challenge) => {
      await dropChallenge(db, challenge.token, now() - 86_400);
    },
  });
  if (!account.url) await saveAccountUrl(db, directory, client.getAccountUrl());
  const info = acme.crypto.readCertificateInfo(cert);
  return { names: names.join(','), cert, key: key.toString(), notAfter: Math.floor(info.notAfter.getTime() / 1000), updatedAt: now() };
}
