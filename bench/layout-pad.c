
/*
 * The benchmark's layout control (bench/layout-pad.c, appended to the
 * stock tree's security/security.c for bench-stock-pad): 2 KiB of text
 * that never runs and moves everything the linker places after it, as a
 * patch that adds code does.
 */
void bench_layout_pad(void);
noinline __used void bench_layout_pad(void)
{
	asm volatile(".skip 2048, 0x90");
}
