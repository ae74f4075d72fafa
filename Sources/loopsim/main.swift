import LoopSimCLI

LoopSimCommand.main()
