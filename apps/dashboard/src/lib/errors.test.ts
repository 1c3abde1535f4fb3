import { describe, expect, it } from 'vitest';
import { ApiError } from '@campsite/shared/client';
import { errorSentence } from './errors';

describe('the sentence of a failed action', () => {
  it("a limit reached (429) says why and when to retry: the server's French sentence", () => {
    const err = new ApiError(429, "Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans 12 minutes.", {});
    expect(errorSentence("Impossible d'envoyer le mail d'activation", err, 2)).toBe("Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans 12 minutes.");
  });

  it('a 429 without a sentence (a proxy) still says to wait, not a numbered error', () => {
    expect(errorSentence("Impossible d'envoyer le mail d'activation", new ApiError(429, "Une erreur s'est produite", {}), 2)).toBe('Trop de demandes. Réessayez dans quelques minutes.');
  });
});
