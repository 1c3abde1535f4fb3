import { describe, expect, it } from 'vitest';
import { SECTION_LINK_MESSAGES, isEmail, isUrl, normalizeSectionLinks, validateSectionLinks } from './section-fields';

const errorOf = (field: string, value: string) =>
  validateSectionLinks({ [field]: value } as Record<string, string>)[field as keyof typeof SECTION_LINK_MESSAGES];

describe('validateSectionLinks', () => {
  it('accepts empty and missing values', () => {
    expect(validateSectionLinks({})).toEqual({});
    expect(
      validateSectionLinks({ phone: '', email: '  ', website: null, localisation: '', facebook: '', instagram: '' }),
    ).toEqual({});
  });

  it('checks the phone', () => {
    for (const ok of ['0467123456', '+33 4.67/12-34-56', ' 04 67 12 34 56 ', '+33467123456', '123456789']) {
      expect(errorOf('phone', ok)).toBeUndefined();
    }
    for (const bad of ['12345678', '04 67 12 34 5a', '++33467123456', '33+467123456', '(04) 67 12 34 56']) {
      expect(errorOf('phone', bad)).toBe("Le format du numéro de téléphone n'est pas correct");
    }
  });

  it('checks the e-mail', () => {
    expect(errorOf('email', 'accueil@camping-les-pins.fr')).toBeUndefined();
    expect(errorOf('email', 'zoé@hôtel.fr')).toBeUndefined();
    for (const bad of ['accueil', 'accueil@camping', 'a b@c.fr', '@c.fr', 'a@c.f']) {
      expect(errorOf('email', bad)).toBe("Le format de l'e-mail n'est pas correct");
    }
  });

  it('checks the website', () => {
    for (const ok of ['camping.fr', 'www.camping-les-pins.fr', 'https://camping.fr/fr/accueil?x=1', 'http://sub.domain.co.uk:8080/']) {
      expect(errorOf('website', ok)).toBeUndefined();
    }
    for (const bad of ['camping', 'ftp://camping.fr', 'https://', 'camping .fr', 'camping.fr/ a b', 'https://-x.fr']) {
      expect(errorOf('website', bad)).toBe("Le format du site web n'est pas correct");
    }
  });

  it('checks the Google Maps link', () => {
    for (const ok of [
      'https://maps.app.goo.gl/AbCdEf123',
      'https://goo.gl/maps/AbCdEf123',
      'https://www.google.com/maps/place/Camping/@43.6,3.8,15z',
      'https://www.google.fr/maps?q=43.6,3.8',
      'https://maps.google.com/?q=43.6,3.8',
    ]) {
      expect(errorOf('localisation', ok)).toBeUndefined();
    }
    for (const bad of [
      'https://maps.app.goo.gl/',
      'https://goo.gl/AbCd',
      'https://www.google.com/search?q=camping',
      'https://maps.apple.com/?q=x',
      'http://maps.app.goo.gl/x',
      'maps.app.goo.gl/x',
    ]) {
      expect(errorOf('localisation', bad)).toBe("Le format du lien Google Maps n'est pas correct");
    }
  });

  it('checks Facebook and Instagram links', () => {
    for (const ok of ['https://www.facebook.com/campinglespins', 'https://facebook.com/x', 'https://m.facebook.com/x', 'https://fb.com/x', 'https://www.facebook.com/profile.php?id=1']) {
      expect(errorOf('facebook', ok)).toBeUndefined();
    }
    for (const bad of ['http://www.facebook.com/x', 'www.facebook.com/x', 'https://facebook.com/', 'https://evil-facebook.com/x', 'https://facebook.com.evil.fr/x']) {
      expect(errorOf('facebook', bad)).toBe("Le format du lien Facebook n'est pas correct");
    }
    for (const ok of ['https://www.instagram.com/campinglespins/', 'https://instagram.com/x']) {
      expect(errorOf('instagram', ok)).toBeUndefined();
    }
    for (const bad of ['http://instagram.com/x', 'https://instagr.am/x', 'https://www.facebook.com/x', 'https://instagram.com']) {
      expect(errorOf('instagram', bad)).toBe("Le format du lien Instagram n'est pas correct");
    }
  });

  it('reports every field in error at once', () => {
    expect(Object.keys(validateSectionLinks({ phone: 'x', email: 'y', website: 'z', facebook: 'f', instagram: 'i', localisation: 'l' }))).toEqual(
      Object.keys(SECTION_LINK_MESSAGES),
    );
  });
});

describe('normalizeSectionLinks', () => {
  it('strips phone separators, adds https:// and trims', () => {
    expect(
      normalizeSectionLinks({
        phone: ' +33 4.67/12-34-56 ',
        email: ' a@b.fr ',
        website: 'camping.fr',
        localisation: ' https://maps.app.goo.gl/x ',
        facebook: 'https://fb.com/x',
        instagram: '',
      }),
    ).toEqual({
      phone: '+33467123456',
      email: 'a@b.fr',
      website: 'https://camping.fr',
      localisation: 'https://maps.app.goo.gl/x',
      facebook: 'https://fb.com/x',
      instagram: '',
    });
  });

  it('keeps an existing scheme, null values, other keys, and invalid values as typed (trimmed)', () => {
    const input = { website: 'http://camping.fr', phone: null, order: 3, email: ' nope ' };
    expect(normalizeSectionLinks(input)).toEqual({ website: 'http://camping.fr', phone: null, order: 3, email: 'nope' });
    expect(normalizeSectionLinks({ phone: '04 67 ab' })).toEqual({ phone: '04 67 ab' });
  });
});

describe('isEmail / isUrl', () => {
  it('isEmail', () => {
    expect(isEmail('jean.dupont+camping@example.co.uk')).toBe(true);
    expect(isEmail('jean@localhost')).toBe(false);
    expect(isEmail(' jean@example.fr')).toBe(false);
  });
  it('isUrl accepts http and https only', () => {
    expect(isUrl('https://pay.example.com/x?y=1')).toBe(true);
    expect(isUrl('http://localhost:3000')).toBe(true);
    expect(isUrl('ftp://example.com')).toBe(false);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isUrl('example.com')).toBe(false);
    expect(isUrl('https://exa mple.com')).toBe(false);
  });
});
