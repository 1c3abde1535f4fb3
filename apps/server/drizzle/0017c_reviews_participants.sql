-- Reviews (issue 24): the stay's participants (stays.participants, from room lists) are invited too. An
-- invitation of a participant (guest 'participant:<lowercased e-mail>') keeps their names, for the mail's
-- greeting and the questionnaire; a review answered through it keeps who answered (the participant is
-- neither an account nor the client file, and the invitation goes with its questionnaire). Both go or are
-- blanked when the client is erased (forgetReviewsOf).
ALTER TABLE review_invitations ADD COLUMN firstname text;
ALTER TABLE review_invitations ADD COLUMN lastname text;
ALTER TABLE reviews ADD COLUMN participant_email text;
ALTER TABLE reviews ADD COLUMN participant_firstname text;
ALTER TABLE reviews ADD COLUMN participant_lastname text;
