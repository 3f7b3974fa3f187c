import type { Mailer } from '../core/kernel/ports';

/**
 * MailApp, to the execution's effective user: in a time trigger that is the trigger's owner, the
 * person whose background work the mail is about. MailApp (script.send_mail) rather than GmailApp,
 * whose scopes would let the add-on read the seller's mailbox.
 */
export const mailAppMailer: Mailer = {
  sendToSelf(subject, body) {
    const to = Session.getEffectiveUser().getEmail();
    // Google hides the address from some accounts: there is nobody to address the mail to.
    if (!to)
      throw new Error(
        'Google does not tell the script your e-mail address, so no alert mail could be sent: the alert is shown in the sidebar instead.',
      );
    MailApp.sendEmail(to, subject, body, { name: 'Hub Sync' });
  },
};
