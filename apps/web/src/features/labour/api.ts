/** Labour's data: workers, the muster and attendance (data/labour.ts). */
export * from '../../data/labour';
