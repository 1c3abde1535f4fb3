-- Mail that cannot be abused (issue 18): throttles of the guest account calls and of sign-in.

-- One row per counted request of a throttle: 'account-ip:<address>' (the guest account calls of one
-- address), 'code-ip:<address>' (wrong activation codes of one address), 'mail:<e-mail>' (account mails
-- to one address). Rows past the longest window are purged by the recurring 'throttle.cleanup'.
CREATE TABLE throttle_hits (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  time bigint NOT NULL
);
CREATE INDEX throttle_hits_bucket_idx ON throttle_hits (bucket, time);
CREATE INDEX throttle_hits_time_idx ON throttle_hits (time);

-- A sign-in attempt refused before its password was checked (a limit, the account's delay) is kept for
-- the limits of its address, but the account's delay counts only the passwords really tried.
ALTER TABLE login_attempts ADD COLUMN checked boolean NOT NULL DEFAULT true;
CREATE INDEX login_attempts_time_idx ON login_attempts (time);

-- The addresses from which an account signed in: the account's delay spares its owner there.
CREATE TABLE login_known (
  login text NOT NULL,
  ip text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (login, ip)
);
CREATE INDEX login_known_time_idx ON login_known (time);

-- Issue 20: the built-in templates in the guest app's seven languages. Only the languages a template
-- lacks are added: an establishment's own wording of a language it already has stays.
UPDATE email_templates SET translations = translations || COALESCE((SELECT jsonb_agg(x) FROM jsonb_array_elements('[{"lang": "de", "title": "Ihr Aufenthalt rückt näher!", "content": "<p>Hallo #prenom #nom,</p><p>Ihr Aufenthalt rückt näher! Um ihn vorzubereiten und während Ihres Besuchs alle Informationen zur Hand zu haben, öffnen Sie unsere App und erstellen Sie Ihr Konto mit Ihrem Aktivierungscode: <strong>#code</strong>.</p><p><a href=\"#lien\">App öffnen</a></p><p>Bis bald!</p>"}, {"lang": "nl", "title": "Uw verblijf komt eraan!", "content": "<p>Hallo #prenom #nom,</p><p>Uw verblijf komt eraan! Open onze app en maak uw account aan met uw activeringscode: <strong>#code</strong>. Zo kunt u uw verblijf voorbereiden en heeft u tijdens uw bezoek alle informatie bij de hand.</p><p><a href=\"#lien\">De app openen</a></p><p>Tot binnenkort!</p>"}, {"lang": "it", "title": "Il Suo soggiorno si avvicina!", "content": "<p>Gentile #prenom #nom,</p><p>il Suo soggiorno si avvicina! Per prepararlo e avere tutte le informazioni a portata di mano durante la Sua visita, apra la nostra app e crei il Suo account con il Suo codice di attivazione: <strong>#code</strong>.</p><p><a href=\"#lien\">Apri l''app</a></p><p>A presto!</p>"}, {"lang": "es", "title": "¡Su estancia se acerca!", "content": "<p>Hola, #prenom #nom:</p><p>¡Su estancia se acerca! Para prepararla y tener toda la información a mano durante su visita, abra nuestra aplicación y cree su cuenta con su código de activación: <strong>#code</strong>.</p><p><a href=\"#lien\">Abrir la aplicación</a></p><p>¡Hasta pronto!</p>"}, {"lang": "pt", "title": "A sua estadia está a chegar!", "content": "<p>Olá #prenom #nom,</p><p>A sua estadia está a chegar! Para a preparar e ter todas as informações à mão durante a sua visita, abra a nossa aplicação e crie a sua conta com o seu código de ativação: <strong>#code</strong>.</p><p><a href=\"#lien\">Abrir a aplicação</a></p><p>Até breve!</p>"}]'::jsonb) AS x WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(email_templates.translations) AS t WHERE t->>'lang' = x->>'lang')), '[]'::jsonb) WHERE default_key = 'subscribe-email';
UPDATE email_templates SET translations = translations || COALESCE((SELECT jsonb_agg(x) FROM jsonb_array_elements('[{"lang": "de", "title": "Aktivieren Sie Ihr Konto", "content": "<p>Hallo #prenom,</p><p>Um Ihr Konto in unserer App zu aktivieren, klicken Sie auf den folgenden Link:</p><p><a href=\"#lien\">Mein Konto aktivieren</a></p><p>Dieser Link ist 7 Tage lang gültig. Wenn Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.</p>"}, {"lang": "nl", "title": "Activeer uw account", "content": "<p>Hallo #prenom,</p><p>Klik op de onderstaande link om uw account in onze app te activeren:</p><p><a href=\"#lien\">Mijn account activeren</a></p><p>Deze link is 7 dagen geldig. Heeft u geen account aangemaakt? Dan kunt u dit bericht negeren.</p>"}, {"lang": "it", "title": "Attivazione del Suo account", "content": "<p>Gentile #prenom,</p><p>per attivare il Suo account nella nostra app, clicchi sul link qui sotto:</p><p><a href=\"#lien\">Attiva il mio account</a></p><p>Questo link è valido 7 giorni. Se non ha creato alcun account, ignori questo messaggio.</p>"}, {"lang": "es", "title": "Active su cuenta", "content": "<p>Hola, #prenom:</p><p>Para activar su cuenta en nuestra aplicación, haga clic en el siguiente enlace:</p><p><a href=\"#lien\">Activar mi cuenta</a></p><p>Este enlace es válido durante 7 días. Si no ha creado ninguna cuenta, ignore este mensaje.</p>"}, {"lang": "pt", "title": "Ative a sua conta", "content": "<p>Olá #prenom,</p><p>Para ativar a sua conta na nossa aplicação, clique na ligação abaixo:</p><p><a href=\"#lien\">Ativar a minha conta</a></p><p>Esta ligação é válida durante 7 dias. Se não criou nenhuma conta, ignore esta mensagem.</p>"}]'::jsonb) AS x WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(email_templates.translations) AS t WHERE t->>'lang' = x->>'lang')), '[]'::jsonb) WHERE default_key = 'confirmation-email';

-- Issue 20: an unsubscribe link in every campaign mail. One row per address a campaign went to: the
-- random token of its link (the link names no address), and when it unsubscribed (campaigns skip it;
-- the mails of its account and stay still go). E-mail kept lower case.
CREATE TABLE email_contacts (
  email text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  unsubscribed_time bigint,
  created_time bigint NOT NULL
);
