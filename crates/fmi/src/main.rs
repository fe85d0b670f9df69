//! daskr-fmi: simulate FMI 2.0 Model Exchange FMUs with libdaskr's hybrid
//! solver (DSL48E's core: state events located by interval arithmetic on
//! the interpolating polynomials, polished, consistent restarts).
//!
//! ```text
//! daskr-fmi simulate MODEL.fmu [--stop-time T] [--output-interval DT] [--rtol R]
//!                              [--start NAME=VALUE ...] [--output FILE.csv] [--quiet]
//! daskr-fmi info MODEL.fmu
//! ```
//!
//! Exit status 0 on success (also when the FMU ends the run early), 1 with
//! one line on stderr for bad input or a failed simulation, 2 for a bad
//! command line.

mod fmu;
mod info;
mod simulate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::fmu::{fail, Failure};
use crate::simulate::Settings;

#[derive(Parser)]
#[command(
    name = "daskr-fmi",
    version,
    about = "Simulate FMI 2.0 Model Exchange FMUs with libdaskr's hybrid solver (DSL48E)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Simulate an FMU and write its outputs (its states if it has none) to a CSV file.
    Simulate {
        /// The FMU (FMI 2.0, Model Exchange).
        model: PathBuf,
        /// Stop time (default: the FMU's DefaultExperiment, else start + 1).
        #[arg(long, value_name = "T")]
        stop_time: Option<f64>,
        /// Interval of the output rows (default: DefaultExperiment's stepSize, else (stop-start)/500).
        #[arg(long, value_name = "DT")]
        output_interval: Option<f64>,
        /// Relative tolerance (default: DefaultExperiment's, else 1e-6); the absolute
        /// tolerance of each state is rtol times its nominal value.
        #[arg(long, value_name = "R")]
        rtol: Option<f64>,
        /// Start value of a variable (parameter, input or state), repeatable.
        #[arg(long = "start", value_name = "NAME=VALUE", value_parser = parse_start)]
        starts: Vec<(String, String)>,
        /// Output file (default: MODEL_out.csv in the current directory, for MODEL.fmu).
        #[arg(long, short = 'o', value_name = "FILE.csv")]
        output: Option<PathBuf>,
        /// No progress bar and no summary line.
        #[arg(long, short = 'q')]
        quiet: bool,
    },
    /// Show the FMU's variables, default experiment, event indicators and platforms.
    Info {
        /// The FMU.
        model: PathBuf,
    },
}

fn parse_start(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.to_string())),
        _ => Err(format!("expected NAME=VALUE, got {s:?}")),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Info { model } => {
            let fmu = fmu::open(&model)?;
            print!("{}", info::report(&fmu));
            Ok(())
        }
        Command::Simulate { model, stop_time, output_interval, rtol, starts, output, quiet } => {
            let fmu = fmu::open(&model)?;
            let output = output.unwrap_or_else(|| {
                let stem =
                    model.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into());
                PathBuf::from(format!("{stem}_out.csv"))
            });
            let settings = Settings { stop_time, output_interval, rtol, starts, output: output.clone(), quiet };
            match simulate::simulate(&fmu, &settings) {
                Ok(s) => {
                    if !quiet {
                        let ended = match s.terminated {
                            Some(t) => format!(", terminated by the FMU at t = {t}"),
                            None => String::new(),
                        };
                        eprintln!(
                            "daskr-fmi: {}: t = {} reached{ended}; {} steps, {} events ({} state, {} time, {} step), {} residual evaluations, {} Jacobians{}; {} rows in {}; {:.3} s",
                            fmu.model.name,
                            s.end_time,
                            s.steps,
                            s.state_events + s.time_events + s.step_events,
                            s.state_events,
                            s.time_events,
                            s.step_events,
                            s.residual_evaluations,
                            s.jacobian_evaluations,
                            if s.directional { " (directional derivatives)" } else { "" },
                            s.rows,
                            output.display(),
                            s.elapsed.as_secs_f64()
                        );
                    }
                    Ok(())
                }
                Err(e) => {
                    // No partial results: a failed run leaves no CSV behind.
                    let _ = std::fs::remove_file(&output);
                    Err(e)
                }
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A panic (in the FMU import or here) unwinds through `run`, which
    // drops the unpacked FMU first; the default hook's message is replaced
    // by one line.
    std::panic::set_hook(Box::new(|_| {}));
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("daskr-fmi: error: {e}");
            ExitCode::FAILURE
        }
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            eprintln!("daskr-fmi: error: internal error: {}", fail!("{what}"));
            ExitCode::FAILURE
        }
    }
}
