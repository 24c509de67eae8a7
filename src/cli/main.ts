export async function main(argv: string[]): Promise<number> { console.log('hi', argv.length); return 0; }
