import LoopSimCLI

LoopSimCommand.mainWithLoopSimExitCodes()
