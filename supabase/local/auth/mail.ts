/**
 * Local mailer: keeps every message the local auth "sends" in memory (GET /__local/inbox)
 * and prints it to the console. Invariants: nothing leaves the machine; messages are
 * append-only and returned in send order.
 */
export type LocalEmailType = 'recovery' | 'confirmation' | 'magiclink' | 'email_change';

export interface LocalEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  otp?: string;
  sentAt: string;
  type: LocalEmailType;
}

export class Mailer {
  private readonly messages: LocalEmail[] = [];
  constructor(private readonly quiet: boolean) {}

  send(mail: Omit<LocalEmail, 'sentAt'>): LocalEmail {
    const full: LocalEmail = { ...mail, sentAt: new Date().toISOString() };
    this.messages.push(full);
    if (!this.quiet) {
      console.log(`\n[local mail] to=${full.to} type=${full.type}\n  subject: ${full.subject}\n  ${full.text.replace(/\n/g, '\n  ')}\n`);
    }
    return full;
  }

  inbox(): LocalEmail[] {
    return this.messages.map((m) => ({ ...m }));
  }
}
