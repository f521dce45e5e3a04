export const defaults = { url: 'https://notes.example/', token: 'reader' };
