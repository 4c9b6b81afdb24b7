"""The studies: loops that play games for an analysis (robust verdicts across bots, ...), each a
function a notebook can call with the same arguments as its command, returning Polars frames.
Below cli in the stack (cli -> reports -> analysis -> sim -> kernels): they play through sim's
runner and answer with analysis' tables; cli only parses, calls and prints."""
