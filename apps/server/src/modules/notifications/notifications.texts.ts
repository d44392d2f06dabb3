// The texts of the notifications the services write (stored with the row, shown as they are).

const where = (team: string, product: string) => `the team "${team}" on "${product}"`;

export const notificationTexts = {
  invite: (sender: string, team: string, product: string, role: string) =>
    `${sender} invited you to join ${where(team, product)} as ${role}.`,
  inviteAccepted: (member: string, team: string, product: string) =>
    `${member} accepted your invitation to join ${where(team, product)}.`,
  teamLead: (sender: string, team: string, product: string) =>
    `${sender} made you the lead of ${where(team, product)}.`,
  removedFromTeam: (sender: string, team: string, product: string) =>
    `${sender} removed you from ${where(team, product)}.`,
  invitationWithdrawn: (sender: string, team: string, product: string) =>
    `${sender} withdrew your invitation to join ${where(team, product)}.`,
  taskAssigned: (sender: string, title: string, product: string) =>
    `${sender} assigned you the task "${title}" in "${product}".`,
};

/** Reminders and stage changes (issue 16). */
export const reminderTexts = {
  dueSoon: (title: string, product: string, dueDate: string) =>
    `The task "${title}" in "${product}" is due within 24 hours (${dueDate}).`,
  overdue: (title: string, product: string, dueDate: string) =>
    `The task "${title}" in "${product}" is overdue (it was due ${dueDate}).`,
  productStage: (sender: string, product: string, stage: string) =>
    `${sender} moved the product "${product}" to ${stage}.`,
};
